@REM dbbench Maven wrapper launcher for Windows; behaves like mvnw.
@REM 1. JDK: uses JAVA_HOME when it is 21 or newer (read from its "release" file), otherwise stops
@REM    with a message (there is no /usr/lib/jvm to search on Windows).
@REM 2. Maven: when MVNW_REPOURL is set, downloads the distribution named in
@REM    .mvn\wrapper\maven-wrapper.properties from that repository base (once, into
@REM    %USERPROFILE%\.m2\wrapper) with PowerShell and unpacks it with tar (Windows 10+);
@REM    otherwise runs the Maven on PATH after checking it is 3.8+.
@REM No repository host is written in this file: the base comes only from MVNW_REPOURL.
@echo off
setlocal EnableExtensions EnableDelayedExpansion

set "BASEDIR=%~dp0"
if "%JAVA_HOME%"=="" (
  echo mvnw: JAVA_HOME is not set; point it at a JDK 21 or newer ^(e.g. Temurin 25^). 1>&2
  exit /b 1
)
set "JV="
if exist "%JAVA_HOME%\release" (
  for /f "tokens=2 delims==" %%v in ('findstr /b "JAVA_VERSION=" "%JAVA_HOME%\release"') do set "JV=%%~v"
)
if "!JV!"=="" (
  echo mvnw: cannot read the Java version from "%JAVA_HOME%\release"; point JAVA_HOME at a JDK 21 or newer. 1>&2
  exit /b 1
)
for /f "tokens=1 delims=." %%m in ("!JV!") do set "JMAJOR=%%m"
if !JMAJOR! LSS 21 (
  echo mvnw: JAVA_HOME is Java !JV!; dbbench needs 21 or newer. 1>&2
  exit /b 1
)
if !JMAJOR! GEQ 24 set "MAVEN_OPTS=%MAVEN_OPTS% --sun-misc-unsafe-memory-access=allow"

set "PROPS=%BASEDIR%.mvn\wrapper\maven-wrapper.properties"
for /f "usebackq tokens=1,* delims==" %%a in ("%PROPS%") do (
  if "%%a"=="distributionVersion" set "MVERSION=%%b"
  if "%%a"=="distributionPath" set "MPATH=%%b"
)

if not "%MVNW_REPOURL%"=="" (
  if "!MVERSION!"=="" (
    echo mvnw: %PROPS% must set distributionVersion and distributionPath. 1>&2
    exit /b 1
  )
  set "MHOME=%USERPROFILE%\.m2\wrapper\dists\apache-maven-!MVERSION!"
  if not exist "!MHOME!\bin\mvn.cmd" (
    set "URL=%MVNW_REPOURL%/!MPATH!"
    set "TMPD=%TEMP%\mvnw-%RANDOM%"
    mkdir "!TMPD!" "!MHOME!"
    echo mvnw: downloading Maven !MVERSION! from MVNW_REPOURL 1>&2
    powershell -NoProfile -Command "Invoke-WebRequest -UseBasicParsing -Uri '!URL!' -OutFile '!TMPD!\maven.tar.gz'" || (
      echo mvnw: could not download !URL! ^(check MVNW_REPOURL^). 1>&2
      exit /b 1
    )
    tar -xzf "!TMPD!\maven.tar.gz" -C "!MHOME!" --strip-components=1 || (
      echo mvnw: could not unpack !URL!. 1>&2
      exit /b 1
    )
    rmdir /s /q "!TMPD!"
  )
  "!MHOME!\bin\mvn.cmd" %*
  exit /b !ERRORLEVEL!
)

where mvn >nul 2>nul || (
  echo mvnw: no Maven: install Maven 3.8 or newer on PATH, or set MVNW_REPOURL to a Maven repository base so mvnw can fetch one. 1>&2
  exit /b 1
)
set "MV="
for /f "tokens=3" %%v in ('mvn -v 2^>nul ^| findstr /b "Apache Maven"') do if "!MV!"=="" set "MV=%%v"
for /f "tokens=1,2 delims=." %%a in ("!MV!") do (
  set "MMAJOR=%%a"
  set "MMINOR=%%b"
)
if "!MMAJOR!"=="" goto oldmaven
if !MMAJOR! LSS 3 goto oldmaven
if !MMAJOR! EQU 3 if !MMINOR! LSS 8 goto oldmaven
mvn %*
exit /b !ERRORLEVEL!

:oldmaven
echo mvnw: the Maven on PATH is !MV!; dbbench needs 3.8 or newer ^(or set MVNW_REPOURL^). 1>&2
exit /b 1
