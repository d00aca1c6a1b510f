import io.dbbench.jdbc.Dialect;
import io.dbbench.jdbc.GomessageRows;
import io.dbbench.jdbc.Shape;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The PostgreSQL backend's own CPU time for one 1x100000 GOMESSAGE load, per strategy: the backend's
 * /proc/PID/schedstat (ns on a CPU) read before and after each shot, beside the shot's wall time.
 * Rows from dbbench's GomessageRows (seed 42), SQL from dbbench's Dialect; copy streams binary COPY
 * in 64 KB writes as dbbench's copy does; WAL MB = pg_current_wal_insert_lsn() moved over the shot. Strategies alternate ABBA-style (the order reversed every
 * round); the table is truncated outside the timing. Usage:
 *   java -cp target/benchmarks.jar ServerCpu.java URL ROUNDS copy,arrayProject,...
 */
public class ServerCpu {
  static final Shape SHAPE = Shape.parse("1x100000");
  static final Dialect PG = Dialect.POSTGRESQL;
  static int pid;

  public static void main(String[] a) throws Exception {
    String url = a[0];
    int rounds = Integer.parseInt(a[1]);
    List<String> strategies = Arrays.asList(a[2].split(","));
    try (Connection c = DriverManager.getConnection(url)) {
      try (Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS \"public\".\"GOMESSAGE\"");
        s.execute(PG.createTableSql("public", "GOMESSAGE"));
        try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
          rs.next();
          pid = rs.getInt(1);
        }
      }
      Map<String, List<double[]>> shots = new LinkedHashMap<>();
      for (int r = 0; r < rounds; r++) {
        List<String> order = new ArrayList<>(strategies);
        if (r % 2 == 1) {
          java.util.Collections.reverse(order);
        }
        for (String s : order) {
          try (Statement st = c.createStatement()) {
            st.execute("TRUNCATE \"public\".\"GOMESSAGE\"");
          }
          c.setAutoCommit(false);
          String lsn0 = lsn(c);
          long cpu0 = cpu();
          long t0 = System.nanoTime();
          load(c, s);
          c.commit();
          long t1 = System.nanoTime();
          long cpu1 = cpu();
          c.setAutoCommit(true);
          double walMb = walBytesSince(c, lsn0) / 1e6;
          verify(c);
          shots.computeIfAbsent(s, k -> new ArrayList<>()).add(new double[] {(t1 - t0) / 1e6, (cpu1 - cpu0) / 1e6, walMb});
        }
      }
      int skip = Math.min(2, rounds - 1); // the first rounds warm both JIT and server caches
      List<double[]> copy = shots.get("copy");
      System.out.printf("%-14s %10s %14s %8s %30s%n", "strategy", "wall ms", "server cpu ms", "WAL MB", "server cpu / copy");
      for (var e : shots.entrySet()) {
        List<double[]> v = e.getValue().subList(skip, rounds);
        double[] wall = v.stream().mapToDouble(x -> x[0]).sorted().toArray();
        double[] cpu = v.stream().mapToDouble(x -> x[1]).sorted().toArray();
        double[] wal = v.stream().mapToDouble(x -> x[2]).sorted().toArray();
        String ratio = "";
        if (copy != null) {
          double[] rs = new double[v.size()];
          for (int i = 0; i < v.size(); i++) {
            rs[i] = v.get(i)[1] / copy.get(skip + i)[1];
          }
          Arrays.sort(rs);
          ratio = String.format("%.2fx (rounds %.2f-%.2f)", rs[rs.length / 2], rs[0], rs[rs.length - 1]);
        }
        System.out.printf("%-14s %10.1f %14.1f %8.1f %30s%n", e.getKey(), wall[wall.length / 2], cpu[cpu.length / 2],
            wal[wal.length / 2], ratio);
      }
      System.out.println("medians over rounds " + (skip + 1) + ".." + rounds + "; per round:");
      for (var e : shots.entrySet()) {
        System.out.println("  " + e.getKey() + " wall/cpu ms: "
            + e.getValue().stream().map(x -> String.format("%.0f/%.0f", x[0], x[1])).toList());
      }
    }
  }

  static String lsn(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_current_wal_insert_lsn()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  static long walBytesSince(Connection c, String lsn) throws Exception {
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ?::pg_lsn)::bigint")) {
      ps.setString(1, lsn);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  static long cpu() throws Exception {
    return Long.parseLong(Files.readString(Path.of("/proc/" + pid + "/schedstat")).split(" ")[0]);
  }

  static void verify(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(PG.verifySql("public", "GOMESSAGE"))) {
      rs.next();
      long n = SHAPE.batchSize();
      if (rs.getLong(1) != n || rs.getLong(2) != GomessageRows.expectedDeviceIdSum(n)) {
        throw new IllegalStateException("stored " + rs.getLong(1) + " rows, sum " + rs.getLong(2));
      }
    }
  }

  static void load(Connection c, String strategy) throws Exception {
    switch (strategy) {
      case "copy" -> copy(c);
      case "arrayProject" -> arrays(c, PG.arrayProjectSql("public", "GOMESSAGE"), "");
      case "arrayBind" -> arrays(c, PG.arrayInsertSql("public", "GOMESSAGE"), "");
      // one set-returning function (generate_series) and ten array subscripts per row
      case "arraySubscript" -> arrays(c, "INSERT INTO \"public\".\"GOMESSAGE\" SELECT a[i], b1[i], b2[i], b3[i], b4[i],"
          + " b5[i], b6[i], b7[i], b8[i], b9[i] FROM (SELECT ?::int4[] a, ?::float8[] b1, ?::float8[] b2, ?::float8[] b3,"
          + " ?::float8[] b4, ?::float8[] b5, ?::float8[] b6, ?::float8[] b7, ?::float8[] b8, ?::float8[] b9,"
          + " generate_series(1, ?::int4) i) s", "n");
      default -> throw new IllegalArgumentException("strategy '" + strategy + "': expected copy, arrayProject, arrayBind or arraySubscript");
    }
  }

  static void arrays(Connection c, String sql, String extra) throws Exception {
    int n = SHAPE.batchSize();
    GomessageRows.Cursor rows = GomessageRows.batch(42, SHAPE, 0);
    int[] ids = new int[n];
    double[][] cols = new double[GomessageRows.DOUBLES][n];
    double[] row = new double[GomessageRows.DOUBLES];
    for (int i = 0; i < n; i++) {
      ids[i] = rows.next(row);
      for (int k = 0; k < GomessageRows.DOUBLES; k++) {
        cols[k][i] = row[k];
      }
    }
    PGConnection pg = c.unwrap(PGConnection.class);
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setArray(1, pg.createArrayOf("int4", ids));
      for (int k = 0; k < GomessageRows.DOUBLES; k++) {
        ps.setArray(k + 2, pg.createArrayOf("float8", cols[k]));
      }
      if (!extra.isEmpty()) {
        ps.setInt(11, n);
      }
      if (ps.executeUpdate() != n) {
        throw new IllegalStateException(sql + ": wrong row count");
      }
    }
  }

  static void copy(Connection c) throws Exception {
    GomessageRows.Cursor rows = GomessageRows.batch(42, SHAPE, 0);
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(PG.copySql("public", "GOMESSAGE", "binary"));
    ByteBuffer b = ByteBuffer.allocate(1 << 16);
    b.put("PGCOPY\n\377\r\n\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)).putInt(0).putInt(0);
    double[] row = new double[GomessageRows.DOUBLES];
    while (rows.hasNext()) {
      if (b.remaining() < 2 + 8 + 9 * 12) {
        in.writeToCopy(b.array(), 0, b.position());
        b.clear();
      }
      int id = rows.next(row);
      b.putShort((short) 10).putInt(4).putInt(id);
      for (double d : row) {
        b.putInt(8).putDouble(d);
      }
    }
    b.putShort((short) -1);
    in.writeToCopy(b.array(), 0, b.position());
    if (in.endCopy() != SHAPE.batchSize()) {
      throw new IllegalStateException("copy: wrong row count");
    }
  }
}
