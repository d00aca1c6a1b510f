@REM dbbench's front door for Windows; behaves like ./dbbench (see its header for the commands).
@REM JDK: JAVA_HOME, 21 or newer (read from its "release" file), as mvnw.cmd requires it.
@REM Jar: target\benchmarks.jar, built with mvnw.cmd -q -DskipTests package when it is missing;
@REM DBBENCH_JAR runs another jar as it is. JVM flags: native access, the unsafe-memory flag on
@REM JDK 23+, then DBBENCH_JAVA_OPTS. Exit codes are the command's own; 2 for an unknown command.
@echo off
setlocal EnableExtensions EnableDelayedExpansion

set "BASEDIR=%~dp0"
set "CMD=%~1"
if "%CMD%"=="" goto usage
if "%CMD%"=="--help" goto usage
if "%CMD%"=="-h" goto usage
if "%CMD%"=="help" goto usage

set "CLASS="
set "PRE="
if "%CMD%"=="run" set "CLASS=io.dbbench.BenchMain"
if "%CMD%"=="plan" set "CLASS=io.dbbench.BenchMain" & set "PRE=--plan"
if "%CMD%"=="report" set "CLASS=io.dbbench.report.Report"
if "%CMD%"=="interleave" set "CLASS=io.dbbench.run.Interleave"
if "%CMD%"=="jmh" set "CLASS=io.dbbench.JmhMain"
if "%CMD%"=="graphj" set "CLASS=io.dbbench.graphj.GraphjTool"
if "%CMD%"=="console" set "CLASS=io.dbbench.jdbc.console.Console"
if "%CMD%"=="payload-server" set "CLASS=io.dbbench.payload.PayloadServer"
if "%CMD%"=="arango-standin" set "CLASS=io.dbbench.arango.standin.ArangoStandIn"
if "%CMD%"=="graphd-side-by-side" set "CLASS=io.dbbench.graphj.GraphdSideBySide"
if "%CMD%"=="copy-vs-psql" set "CLASS=io.dbbench.jdbc.CopyVsPsql"
if "%CMD%"=="drift-check" set "CLASS=io.dbbench.run.DriftCheck"
if "%CLASS%"=="" (
  echo dbbench: unknown command '%CMD%'; expected one of: run, plan, report, interleave, jmh, graphj, console, payload-server, arango-standin, graphd-side-by-side, copy-vs-psql, drift-check 1>&2
  exit /b 2
)

if "%JAVA_HOME%"=="" (
  echo dbbench: JAVA_HOME is not set; point it at a JDK 21 or newer ^(e.g. Temurin 25^). 1>&2
  exit /b 2
)
set "JV="
if exist "%JAVA_HOME%\release" (
  for /f "tokens=2 delims==" %%v in ('findstr /b "JAVA_VERSION=" "%JAVA_HOME%\release"') do set "JV=%%~v"
)
for /f "tokens=1 delims=." %%m in ("!JV!") do set "JMAJOR=%%m"
if "!JMAJOR!"=="" set "JMAJOR=0"
if !JMAJOR! LSS 21 (
  echo dbbench: JAVA_HOME is Java !JV!; dbbench needs 21 or newer. 1>&2
  exit /b 2
)
set "FLAGS=--enable-native-access=ALL-UNNAMED"
if !JMAJOR! GEQ 23 set "FLAGS=!FLAGS! --sun-misc-unsafe-memory-access=allow"
if not "%DBBENCH_JAVA_OPTS%"=="" set "FLAGS=!FLAGS! %DBBENCH_JAVA_OPTS%"

if not "%DBBENCH_JAR%"=="" (
  set "JAR=%DBBENCH_JAR%"
) else (
  set "JAR=%BASEDIR%target\benchmarks.jar"
  if not exist "!JAR!" (
    echo dbbench: target\benchmarks.jar is missing; building it ^(mvnw.cmd -q -DskipTests package^) 1>&2
    call "%BASEDIR%mvnw.cmd" -q -B -DskipTests package 1>&2 || (
      echo dbbench: the build failed ^(see above^); nothing was run 1>&2
      exit /b 2
    )
  )
)

shift
set "ARGS="
:collect
if "%~1"=="" goto launch
if "%CMD%"=="jmh" if "%~1"=="--help" (
  set "ARGS=!ARGS! -h"
  shift
  goto collect
)
set "ARGS=!ARGS! %1"
shift
goto collect

:launch
"%JAVA_HOME%\bin\java" %FLAGS% -cp "%JAR%" %CLASS% %PRE% %ARGS%
exit /b %ERRORLEVEL%

:usage
echo Usage: dbbench ^<command^> [options]      (dbbench ^<command^> --help for its options)
echo   run, plan, report, interleave, jmh, graphj, console, payload-server, arango-standin,
echo   graphd-side-by-side, copy-vs-psql, drift-check: see ./dbbench --help or README "Commands"
if "%CMD%"=="" exit /b 2
exit /b 0
