package io.dbbench.report;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn with XChart to PNG (embedded in {@code report.html} as data URIs and
 * written next to {@code report.md}). Each method returns a {@link Doc.Chart}, or a
 * {@link Doc.Text} saying why no chart was drawn (no data, or XChart refused it), so a bad series
 * never fails the report.
 */
public final class Charts {
  static {
    // charts are drawn off-screen; no display is needed or wanted
    System.setProperty("java.awt.headless", "true");
  }

  static final int WIDTH = 860;
  static final int HEIGHT = 440;
  private static final Color BETTER = new Color(0x2e7d32);
  private static final Color WORSE = new Color(0xc62828);
  private static final Color GREY = new Color(0xb0b0b0);

  private Charts() {}

  /** One named series of (x, y) points. */
  public record Series(String name, List<Double> x, List<Double> y) {}

  /**
   * A line chart of y against x per series (throughput vs batch size, MB/s vs level, ...).
   *
   * @param logX logarithmic x axis (batch sizes spanning decades)
   */
  public static Doc.Block lines(String name, String title, String xTitle, String yTitle,
      List<Series> series, boolean logX) {
    List<Series> usable = series.stream().filter(s -> !s.x().isEmpty()).toList();
    if (usable.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no data)");
    }
    boolean log = logX && usable.stream().allMatch(s -> s.x().stream().allMatch(v -> v > 0));
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    style(c.getStyler());
    c.getStyler().setXAxisLogarithmic(log);
    c.getStyler().setYAxisMin(0.0);
    for (Series s : usable) {
      XYSeries xs = c.addSeries(s.name(), s.x(), s.y());
      xs.setMarker(SeriesMarkers.CIRCLE);
    }
    return encode(c, name, title);
  }

  /**
   * Grouped bars with error bars: one group per category (operation), one bar per series
   * (protocol, provider, journal mode). Errors are JMH's 99.9% half-widths; NaN draws none.
   */
  public static Doc.Block bars(String name, String title, String yTitle, List<String> categories,
      Map<String, List<Double>> values, Map<String, List<Double>> errors) {
    if (categories.isEmpty() || values.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no data)");
    }
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .yAxisTitle(yTitle).build();
    style(c.getStyler());
    c.getStyler().setXAxisLabelRotation(categories.size() > 2 ? 20 : 0);
    List<String> cats = categories.stream().map(Charts::shorten).toList();
    for (Map.Entry<String, List<Double>> e : values.entrySet()) {
      List<Double> err = errors.getOrDefault(e.getKey(), List.of()).stream()
          .map(v -> Double.isFinite(v) ? v : 0.0).toList();
      List<Double> val = e.getValue().stream().map(v -> Double.isFinite(v) ? v : 0.0).toList();
      if (err.size() == val.size()) {
        c.addSeries(e.getKey(), cats, val, err);
      } else {
        c.addSeries(e.getKey(), cats, val);
      }
    }
    return encode(c, name, title);
  }

  /**
   * The comparison's changes as bars, one per benchmark: green where significantly better, red
   * where significantly worse, grey where p > 0.05, too few forks (n/a) or untested.
   */
  public static Doc.Block changes(String name, String title, List<Comparison.Row> rows) {
    if (rows.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no data)");
    }
    List<String> cats = new ArrayList<>();
    Map<Comparison.Verdict, List<Double>> byVerdict = new LinkedHashMap<>();
    for (Comparison.Verdict v : List.of(Comparison.Verdict.BETTER, Comparison.Verdict.WORSE, Comparison.Verdict.SAME)) {
      byVerdict.put(v, new ArrayList<>());
    }
    int i = 0;
    for (Comparison.Row r : rows) {
      cats.add(++i + " " + shorten(r.label()));
      Comparison.Verdict v = r.verdict() == Comparison.Verdict.BETTER || r.verdict() == Comparison.Verdict.WORSE
          ? r.verdict() : Comparison.Verdict.SAME;
      double change = Double.isFinite(r.changePct()) ? r.changePct() : 0;
      byVerdict.forEach((k, list) -> list.add(k == v ? change : 0.0));
    }
    CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT + 40).title(title)
        .yAxisTitle("change (%)").build();
    style(c.getStyler());
    c.getStyler().setOverlapped(true);
    c.getStyler().setXAxisLabelRotation(rows.size() > 3 ? 40 : 0);
    Map<Comparison.Verdict, String> names = Map.of(Comparison.Verdict.BETTER, "better (p ≤ 0.05)",
        Comparison.Verdict.WORSE, "worse (p ≤ 0.05)", Comparison.Verdict.SAME, "~ (p > 0.05) or n/a");
    Map<Comparison.Verdict, Color> colors = Map.of(Comparison.Verdict.BETTER, BETTER,
        Comparison.Verdict.WORSE, WORSE, Comparison.Verdict.SAME, GREY);
    byVerdict.forEach((v, vals) -> {
      CategorySeries s = c.addSeries(names.get(v), cats, vals);
      s.setFillColor(colors.get(v));
    });
    return encode(c, name, title);
  }

  /**
   * Latency percentile curves (HdrHistogram's plot): x is the percentile on a "number of nines"
   * scale ({@code -log10(1 - p/100)}: 1 = 90%, 2 = 99%, 3 = 99.9%), y the latency in microseconds.
   * Each series' x values are percentiles in percent.
   */
  public static Doc.Block percentiles(String name, String title, List<Series> series) {
    List<Series> mapped = new ArrayList<>();
    for (Series s : series) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < s.x().size(); i++) {
        double p = s.x().get(i);
        if (p >= 0 && p < 100 && Double.isFinite(s.y().get(i))) {
          x.add(-Math.log10(1 - p / 100));
          y.add(s.y().get(i));
        }
      }
      if (!x.isEmpty()) {
        mapped.add(new Series(s.name(), x, y));
      }
    }
    if (mapped.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no percentile curve)");
    }
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("percentile as nines: 1 = 90%, 2 = 99%, 3 = 99.9%, 4 = 99.99%").yAxisTitle("latency (µs)").build();
    style(c.getStyler());
    // XChart's tick-label callback can spin forever on this axis, so the axis keeps plain numbers
    // and the title explains the scale
    c.getStyler().setXAxisDecimalPattern("0.#");
    for (Series s : mapped) {
      XYSeries xs = c.addSeries(s.name(), s.x(), s.y());
      xs.setMarker(SeriesMarkers.NONE);
    }
    return encode(c, name, title);
  }

  private static void style(org.knowm.xchart.style.AxesChartStyler s) {
    // plain numbers with thousands separators instead of XChart's 5E6
    s.setYAxisDecimalPattern("#,##0.###");
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setChartBackgroundColor(Color.WHITE);
    s.setAntiAlias(true);
  }

  private static String shorten(String s) {
    return s.length() <= 48 ? s : s.substring(0, 46) + "…";
  }

  private static Doc.Block encode(Chart<?, ?> c, String name, String title) {
    try {
      return new Doc.Chart(name, title, BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG));
    } catch (IOException | RuntimeException e) {
      return new Doc.Text("(no chart \"" + title + "\": " + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    }
  }
}
