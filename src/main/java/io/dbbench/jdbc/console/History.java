package io.dbbench.jdbc.console;

import io.dbbench.jdbc.Shape;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Every test result of this server's life (failures included), newest first, and the chart of
 * verified rows/s drawn from it. Thread-safe.
 */
final class History {
  static {
    // charts are drawn off-screen; no display is needed or wanted
    System.setProperty("java.awt.headless", "true");
  }

  static final int WIDTH = 900;
  static final int HEIGHT = 420;

  private final List<TestResult> results = new ArrayList<>();

  /** Adds {@code r} as the newest result. */
  synchronized void add(TestResult r) {
    results.add(0, r);
  }

  /** Every result, newest first. */
  synchronized List<TestResult> newestFirst() {
    return List.copyOf(results);
  }

  /** Results so far (also the next result's id minus one). */
  synchronized int size() {
    return results.size();
  }

  /**
   * The chart's data: one category per shape (fewest rows first, then most batches, the order the
   * family lists its shapes in: {@code 100x1000, 10x10000, 1x100000}), one series
   * per test type (in {@code order}), each value the median rows/s of that test type's verified
   * results at that shape, {@code null} where there is none.
   *
   * @param order test type names in the order the page lists them
   */
  ChartData chartData(List<String> order) {
    List<TestResult> ok = newestFirst().stream().filter(TestResult::verified).toList();
    TreeSet<Shape> shapes = new TreeSet<>(Comparator.comparingLong(Shape::rows)
        .thenComparing(Comparator.comparingInt(Shape::batchCount).reversed()));
    ok.forEach(r -> shapes.add(new Shape(r.batchCount(), r.batchSize())));
    List<String> categories = shapes.stream().map(Shape::toString).toList();
    Map<String, List<Double>> series = new LinkedHashMap<>();
    for (String test : order) {
      List<Double> values = new ArrayList<>();
      boolean any = false;
      for (String shape : categories) {
        double[] rates = ok.stream().filter(r -> r.test().equals(test) && r.shape().equals(shape))
            .mapToDouble(TestResult::rowsPerSecond).sorted().toArray();
        values.add(rates.length == 0 ? null : median(rates));
        any |= rates.length > 0;
      }
      if (any) {
        series.put(test, values);
      }
    }
    return new ChartData(categories, series);
  }

  /** Median of sorted {@code v} (the mean of the middle two when even). */
  static double median(double[] v) {
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /**
   * The chart as PNG: grouped bars of median rows/s, one group per shape, one bar per test type,
   * drawn by XChart in this process (the page needs no network to show it). With no verified
   * result yet, a chart saying so.
   *
   * @throws IOException when encoding fails
   */
  byte[] chartPng(List<String> order) throws IOException {
    ChartData d = chartData(order);
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(d.series().isEmpty() ? "rows/s: no verified result yet (run a test)" : "rows/s per test type and shape (median of verified runs)")
        .xAxisTitle("shape (BATCHCOUNTxBATCHSIZE)").yAxisTitle("rows/s").build();
    Styler s = c.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setChartTitleBoxVisible(false);
    s.setPlotBorderVisible(false);
    c.getStyler().setYAxisMin(0.0);
    c.getStyler().setYAxisDecimalPattern("#,###");
    if (d.series().isEmpty()) {
      c.addSeries("none", List.of("-"), List.of(0.0));
      s.setLegendVisible(false);
    } else {
      d.series().forEach((name, values) -> c.addSeries(name, d.categories(), values));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BitmapEncoder.saveBitmap(c, out, BitmapEncoder.BitmapFormat.PNG);
    return out.toByteArray();
  }

  /**
   * @param categories shapes, the x axis
   * @param series test type name to one median rows/s per category ({@code null}: no run)
   */
  record ChartData(List<String> categories, Map<String, List<Double>> series) {}
}
