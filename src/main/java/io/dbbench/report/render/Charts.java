package io.dbbench.report.render;

import io.dbbench.report.stats.Comparison;
import io.dbbench.report.stats.Stats;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn twice from one data model ({@link Spec}): as a PNG with XChart
 * (written next to {@code report.md}, and the HTML fallback) and as an interactive Chart.js chart
 * in {@code report.html} (hover values, click a legend entry to hide its series; the library is
 * bundled as a WebJar and inlined by {@link HtmlReport}). Comparisons are horizontal bars with the
 * names on the y axis, sorted by change, with the 95% interval and the per-fork points drawn;
 * value axes are logarithmic where positive values span more than a decade ({@link #spansDecade});
 * every axis has a title with its unit. In the PNG each y tick label is computed from its own
 * tick value (category index to name), so a label can be left out when rows are dense but can
 * never name another row's bar. Each method returns a {@link Doc.Chart}, or a {@link Doc.Text}
 * saying why no chart was drawn (no data, or XChart refused it), so a bad series never fails the
 * report.
 */
public final class Charts {
  static {
    // charts are drawn off-screen; no display is needed or wanted
    System.setProperty("java.awt.headless", "true");
  }

  static final int WIDTH = 1000;
  static final int HEIGHT = 480;
  /** PNG height per row of a horizontal bar chart, pixels. */
  static final int ROW_PX = 22;
  private static final Color BETTER = new Color(0x2e7d32);
  private static final Color WORSE = new Color(0xc62828);
  private static final Color GREY = new Color(0xb0b0b0);
  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
      new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f),
      new Color(0xbcbd22), new Color(0x17becf)};

  private Charts() {}

  /** One named series of (x, y) points. */
  public record Series(String name, List<Double> x, List<Double> y) {}

  /**
   * One bar series of a horizontal bar chart: one value per label of its {@link Spec}, in the
   * same order.
   *
   * @param name legend entry
   * @param values bar lengths (NaN: no bar)
   * @param low low ends of the 95% intervals, or NaN per label (none drawn)
   * @param high high ends
   * @param points per-fork values per label (may be empty lists)
   * @param color hex colour {@code #rrggbb}, or null for the palette's
   */
  public record Bars(String name, List<Double> values, List<Double> low, List<Double> high,
      List<List<Double>> points, String color) {}

  /**
   * The data of a chart, as both renderers draw it.
   *
   * @param kind {@code hbar} (labels on the y axis, {@code bars}), {@code lines} (xy series)
   * @param valueTitle the title, with unit, of the value axis (x for hbar, y for lines)
   * @param categoryTitle the title, with unit, of the other axis
   * @param logValue logarithmic value axis
   * @param logCategory logarithmic x axis of a line chart (batch sizes over decades)
   * @param labels hbar: one name per row, top to bottom
   * @param bars hbar: the bar series
   * @param lines lines: the xy series
   */
  public record Spec(String kind, String valueTitle, String categoryTitle, boolean logValue, boolean logCategory,
      List<String> labels, List<Bars> bars, List<Series> lines) {}

  /** Whether the positive finite values span more than a decade (max / min > 10): a log axis then reads. */
  public static boolean spansDecade(List<Double> values) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (Double v : values) {
      if (v != null && Double.isFinite(v)) {
        if (v <= 0) {
          return false;
        }
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return max > 0 && max / min > 10;
  }

  /**
   * A line chart of y against x per series (throughput vs batch size, MB/s vs level, ...); the y
   * axis is logarithmic when its values span more than a decade.
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
    List<Double> ys = new ArrayList<>();
    usable.forEach(s -> ys.addAll(s.y()));
    boolean logY = spansDecade(ys);
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT + legendHeight(usable.size())).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle + (logY ? " (log scale)" : "")).build();
    style(c.getStyler());
    c.getStyler().setXAxisLogarithmic(log);
    c.getStyler().setXAxisDecimalPattern("#,##0.###");
    c.getStyler().setYAxisLogarithmic(logY);
    if (!log && usable.stream().allMatch(s -> s.x().stream().allMatch(v -> v == Math.rint(v)))) {
      // integer parameters (zstd levels): no tick between two of them
      c.setCustomXAxisTickLabelsFormatter(v -> Math.abs(v - Math.rint(v)) < 1e-9
          ? String.format(Locale.ROOT, "%,d", (long) Math.rint(v)) : "");
    }

    if (!logY) {
      c.getStyler().setYAxisMin(0.0);
    }
    for (Series s : usable) {
      XYSeries xs = c.addSeries(s.name(), s.x(), s.y());
      xs.setMarker(SeriesMarkers.CIRCLE);
    }
    Spec spec = new Spec("lines", yTitle, xTitle, logY, log, List.of(), List.of(), usable);
    return encode(c, name, title, spec);
  }

  /**
   * Horizontal bars, one row per label (top to bottom in the given order), one bar per series in
   * each row, with their 95% intervals and per-fork points where given. The value axis is
   * logarithmic when the values are positive and span more than a decade.
   */
  public static Doc.Block hbars(String name, String title, String valueTitle, String categoryTitle,
      List<String> labels, List<Bars> bars) {
    return hbars(name, title, valueTitle, categoryTitle, labels, bars, true);
  }

  /**
   * As {@link #hbars(String, String, String, String, List, List)}; {@code allowLog} false keeps the
   * value axis linear whatever the values span (changes in percent: a log axis starting at 1% makes
   * 5% and 50% look alike and cannot show a negative change).
   */
  public static Doc.Block hbars(String name, String title, String valueTitle, String categoryTitle,
      List<String> labels, List<Bars> bars, boolean allowLog) {
    if (labels.isEmpty() || bars.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no data)");
    }
    for (Bars b : bars) {
      if (b.values().size() != labels.size() || b.low().size() != labels.size() || b.high().size() != labels.size()
          || b.points().size() != labels.size()) {
        throw new IllegalArgumentException("chart " + name + ": series " + b.name() + " has " + b.values().size()
            + " values for " + labels.size() + " labels");
      }
    }
    List<Double> all = new ArrayList<>();
    bars.forEach(b -> {
      all.addAll(b.values());
      b.points().forEach(all::addAll);
    });
    boolean log = allowLog && spansDecade(all);
    double min = all.stream().filter(v -> Double.isFinite(v)).mapToDouble(Double::doubleValue).min().orElse(0);
    double base = log ? Math.pow(10, Math.floor(Math.log10(min))) : 0;
    int n = labels.size();
    int height = Math.max(260, 150 + n * Math.max(ROW_PX, 8 * bars.size()) + legendHeight(bars.size() + 2));
    XYChart c = new XYChartBuilder().width(WIDTH).height(height).title(title)
        .xAxisTitle(valueTitle + (log ? " (log scale)" : "")).yAxisTitle(categoryTitle).build();
    style(c.getStyler());
    c.getStyler().setXAxisLogarithmic(log);
    c.getStyler().setXAxisDecimalPattern("#,##0.###");
    categoryAxis(c, labels, height - 150 - legendHeight(bars.size() + 2));
    c.getStyler().setPlotGridHorizontalLinesVisible(false);
    double thick = Math.max(3, Math.min(18, (height - 150.0) / n * 0.7 / bars.size()));
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    List<Double> cx = new ArrayList<>();
    List<Double> cy = new ArrayList<>();
    for (int b = 0; b < bars.size(); b++) {
      Bars s = bars.get(b);
      double offset = bars.size() == 1 ? 0 : 0.3 - 0.6 * b / (bars.size() - 1);
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        double v = s.values().get(i);
        double yy = n - 1 - i + offset;
        if (Double.isFinite(v) && (!log || v > 0)) {
          x.addAll(List.of(base, v, Double.NaN));
          y.addAll(List.of(yy, yy, Double.NaN));
        }
        double lo = s.low().get(i);
        double hi = s.high().get(i);
        if (Double.isFinite(lo) && Double.isFinite(hi) && (!log || lo > 0)) {
          cx.addAll(List.of(lo, hi, Double.NaN));
          cy.addAll(List.of(yy, yy, Double.NaN));
        }
        for (Double p : s.points().get(i)) {
          if (Double.isFinite(p) && (!log || p > 0)) {
            px.add(p);
            py.add(yy);
          }
        }
      }
      if (x.isEmpty()) {
        continue;
      }
      XYSeries xs = c.addSeries(s.name(), x, y);
      xs.setMarker(SeriesMarkers.NONE);
      xs.setLineStyle(new BasicStroke((float) thick, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
      xs.setLineColor(s.color() == null ? PALETTE[b % PALETTE.length] : Color.decode(s.color()));
    }
    if (!cx.isEmpty()) {
      XYSeries ci = c.addSeries("95% interval", cx, cy);
      ci.setMarker(SeriesMarkers.NONE);
      ci.setLineColor(Color.BLACK);
      ci.setLineStyle(new BasicStroke(1.5f));
    }
    if (!px.isEmpty()) {
      XYSeries pts = c.addSeries("per-fork means", px, py);
      pts.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      pts.setMarker(SeriesMarkers.CIRCLE);
      pts.setMarkerColor(new Color(0, 0, 0, 150));
    }
    if (c.getSeriesMap().isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no finite value)");
    }
    Spec spec = new Spec("hbar", valueTitle, categoryTitle, log, false, List.copyOf(labels), List.copyOf(bars),
        List.of());
    return encode(c, name, title, spec);
  }

  /**
   * Grouped comparison bars: one row per category, one bar per series, errors as intervals
   * ({@code value ± error}, clipped at 0). Kept for forms that chart raw values; comparisons
   * should chart their changes with {@link #hbars}.
   */
  public static Doc.Block bars(String name, String title, String yTitle, List<String> categories,
      Map<String, List<Double>> values, Map<String, List<Double>> errors) {
    return bars(name, title, yTitle, "operation", categories, values, errors);
  }

  /** As {@link #bars(String, String, String, List, Map, Map)}, the category axis titled {@code categoryTitle} (the parameter that varies). */
  public static Doc.Block bars(String name, String title, String yTitle, String categoryTitle, List<String> categories,
      Map<String, List<Double>> values, Map<String, List<Double>> errors) {
    List<Bars> bars = new ArrayList<>();
    values.forEach((k, v) -> {
      List<Double> err = errors.getOrDefault(k, List.of());
      List<Double> lo = new ArrayList<>();
      List<Double> hi = new ArrayList<>();
      List<List<Double>> pts = new ArrayList<>();
      for (int i = 0; i < v.size(); i++) {
        double e = i < err.size() && Double.isFinite(err.get(i)) && err.get(i) > 0 ? err.get(i) : Double.NaN;
        lo.add(Double.isNaN(e) ? Double.NaN : Math.max(v.get(i) - e, v.get(i) * 1e-3));
        hi.add(Double.isNaN(e) ? Double.NaN : v.get(i) + e);
        pts.add(List.of());
      }
      bars.add(new Bars(k, v, lo, hi, pts, null));
    });
    return hbars(name, title, yTitle, categoryTitle, categories, bars);
  }

  /**
   * The comparison's changes as horizontal bars, one row per benchmark sorted by change (largest
   * gain of score on top): green where significantly better, red where significantly worse, grey
   * where p > 0.05, too few forks (n/a) or untested; the 95% interval and each contender fork's
   * mean (relative to the baseline's mean) drawn on each row.
   */
  public static Doc.Block changes(String name, String title, List<Comparison.Row> rows) {
    return changes(name, title, rows, "change (%)");
  }

  /**
   * As {@link #changes(String, String, List)}, with the value axis titled {@code valueTitle} (which
   * says which direction is better for the rows' metric: lower for time per operation and B/op,
   * higher for throughput).
   */
  public static Doc.Block changes(String name, String title, List<Comparison.Row> rows, String valueTitle) {
    List<Comparison.Row> sorted = rows.stream().filter(r -> Double.isFinite(r.changePct()))
        .sorted(Comparator.comparingDouble(Comparison.Row::changePct).reversed()).toList();
    if (sorted.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no data)");
    }
    List<String> labels = new ArrayList<>();
    Map<Comparison.Verdict, List<Double>> vals = new LinkedHashMap<>();
    List<Comparison.Verdict> kinds = List.of(Comparison.Verdict.BETTER, Comparison.Verdict.WORSE, Comparison.Verdict.SAME);
    kinds.forEach(k -> vals.put(k, new ArrayList<>()));
    List<Double> lo = new ArrayList<>();
    List<Double> hi = new ArrayList<>();
    List<List<Double>> pts = new ArrayList<>();
    List<Double> nan = new ArrayList<>();
    List<List<Double>> none = new ArrayList<>();
    for (Comparison.Row r : sorted) {
      labels.add(r.label());
      Comparison.Verdict v = r.verdict() == Comparison.Verdict.BETTER || r.verdict() == Comparison.Verdict.WORSE
          ? r.verdict() : Comparison.Verdict.SAME;
      kinds.forEach(k -> vals.get(k).add(k == v ? r.changePct() : Double.NaN));
      lo.add(r.ciLow());
      hi.add(r.ciHigh());
      double baseMean = Stats.mean(r.stats().forkMeansA());
      List<Double> p = new ArrayList<>();
      for (double m : r.stats().forkMeansB()) {
        p.add((m / baseMean - 1) * 100);
      }
      pts.add(p);
      nan.add(Double.NaN);
      none.add(List.of());
    }
    Map<Comparison.Verdict, String> names = Map.of(Comparison.Verdict.BETTER, "better (p ≤ 0.05)",
        Comparison.Verdict.WORSE, "worse (p ≤ 0.05)", Comparison.Verdict.SAME, "~ (p > 0.05), ~ drift or n/a");
    Map<Comparison.Verdict, String> colors = Map.of(Comparison.Verdict.BETTER, "#2e7d32",
        Comparison.Verdict.WORSE, "#c62828", Comparison.Verdict.SAME, "#b0b0b0");
    List<Bars> bars = new ArrayList<>();
    for (Comparison.Verdict k : kinds) {
      boolean first = bars.isEmpty();
      if (vals.get(k).stream().anyMatch(Double::isFinite)) {
        // the interval and fork points ride on the first series so each row draws them once
        bars.add(new Bars(names.get(k), vals.get(k), first ? lo : nan, first ? hi : nan, first ? pts : none,
            colors.get(k)));
      }
    }
    return hbarsOverlapped(name, title, valueTitle, "benchmark", labels, bars);
  }

  /**
   * {@link #hbars} with every series on the row's centre line: for charts where each row has its
   * value in exactly one series (the verdict colours of {@link #changes}).
   */
  static Doc.Block hbarsOverlapped(String name, String title, String valueTitle, String categoryTitle,
      List<String> labels, List<Bars> bars) {
    int n = labels.size();
    int height = Math.max(260, 150 + n * ROW_PX + legendHeight(bars.size() + 2));
    XYChart c = new XYChartBuilder().width(WIDTH).height(height).title(title).xAxisTitle(valueTitle)
        .yAxisTitle(categoryTitle).build();
    style(c.getStyler());
    c.getStyler().setXAxisDecimalPattern("#,##0.#");
    categoryAxis(c, labels, height - 150 - legendHeight(bars.size() + 2));
    c.getStyler().setPlotGridHorizontalLinesVisible(false);
    List<Double> cx = new ArrayList<>();
    List<Double> cy = new ArrayList<>();
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    for (Bars b : bars) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        double yy = n - 1 - i;
        if (Double.isFinite(b.values().get(i))) {
          x.addAll(List.of(0.0, b.values().get(i), Double.NaN));
          y.addAll(List.of(yy, yy, Double.NaN));
        }
        if (Double.isFinite(b.low().get(i)) && Double.isFinite(b.high().get(i))) {
          cx.addAll(List.of(b.low().get(i), b.high().get(i), Double.NaN));
          cy.addAll(List.of(yy, yy, Double.NaN));
        }
        for (Double p : b.points().get(i)) {
          if (Double.isFinite(p)) {
            px.add(p);
            py.add(yy);
          }
        }
      }
      if (!x.isEmpty()) {
        XYSeries xs = c.addSeries(b.name(), x, y);
        xs.setMarker(SeriesMarkers.NONE);
        xs.setLineStyle(new BasicStroke(ROW_PX * 0.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        xs.setLineColor(Color.decode(b.color()));
      }
    }
    if (!cx.isEmpty()) {
      XYSeries ci = c.addSeries("95% interval", cx, cy);
      ci.setMarker(SeriesMarkers.NONE);
      ci.setLineColor(Color.BLACK);
    }
    if (!px.isEmpty()) {
      XYSeries pts = c.addSeries("per-fork means", px, py);
      pts.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      pts.setMarker(SeriesMarkers.CIRCLE);
      pts.setMarkerColor(new Color(0, 0, 0, 150));
    }
    Spec spec = new Spec("hbar", valueTitle, categoryTitle, false, false, List.copyOf(labels), List.copyOf(bars),
        List.of());
    return encode(c, name, title, spec);
  }

  /**
   * A forest plot of comparison findings on one logarithmic axis (PNG only): one row per finding,
   * its 95% interval as a line, its estimate as a dot and the study's published figure as a red
   * diamond, and a vertical line at 1 (no difference). Every value is a speed-up of the contender
   * over the baseline (baseline time / contender time), so a percent change in time {@code p}
   * enters as {@code 1 / (1 + p / 100)}; rows without an interval are left out.
   *
   * @param labels one short name per row, top to bottom
   * @param estimate the speed-ups
   * @param low the intervals' low bounds (speed-ups)
   * @param high their high bounds
   * @param published the studies' figures as speed-ups, NaN where none
   */
  public static Doc.Block forest(String name, String title, List<String> labels, List<Double> estimate,
      List<Double> low, List<Double> high, List<Double> published) {
    List<Integer> rows = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      if (Double.isFinite(low.get(i)) && Double.isFinite(high.get(i)) && low.get(i) > 0) {
        rows.add(i);
      }
    }
    if (rows.isEmpty()) {
      return new Doc.Text("(no chart \"" + title + "\": no finding has an interval)");
    }
    int n = rows.size();
    // 19 px a row and no title inside the image (the page's caption carries it), so that the plot of
    // every headline finding stays on the report's first screen beside the findings table
    int height = Math.max(120, 40 + n * 19);
    XYChart c = new XYChartBuilder().width(WIDTH).height(height).title(title)
        .xAxisTitle("speed-up of the contender, log scale (> 1: faster)").yAxisTitle("finding").build();
    style(c.getStyler());
    c.getStyler().setChartTitleVisible(false);
    c.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    c.getStyler().setXAxisLogarithmic(true);
    c.getStyler().setXAxisDecimalPattern("0.##");
    List<String> shown = new ArrayList<>();
    rows.forEach(i -> shown.add(labels.get(i)));
    // rows two units apart, so that the tick spacing XChart keeps on a short plot (2 units) still
    // lands a tick, and its label, on every row
    c.getStyler().setYAxisMin(-1.5);
    c.getStyler().setYAxisMax(2.0 * n - 0.5);
    c.getStyler().setYAxisTickMarkSpacingHint(8);
    List<String> unique = uniqueLabels(shown);
    c.setCustomYAxisTickLabelsFormatter(v -> {
      long i = Math.round(v);
      int idx = (int) (n - 1 - i / 2);
      if (Math.abs(v - i) < 1e-6 && i % 2 == 0 && idx >= 0 && idx < n) {
        return unique.get(idx);
      }
      return distinctBlank(v);
    });
    c.getStyler().setPlotGridHorizontalLinesVisible(false);
    List<Double> cx = new ArrayList<>();
    List<Double> cy = new ArrayList<>();
    List<Double> ex = new ArrayList<>();
    List<Double> ey = new ArrayList<>();
    List<Double> px = new ArrayList<>();
    List<Double> py = new ArrayList<>();
    double min = 1;
    double max = 1;
    for (int k = 0; k < n; k++) {
      int i = rows.get(k);
      double y = 2.0 * (n - 1 - k);
      cx.addAll(List.of(low.get(i), high.get(i), Double.NaN));
      cy.addAll(List.of(y, y, Double.NaN));
      ex.add(estimate.get(i));
      ey.add(y);
      min = Math.min(min, low.get(i));
      max = Math.max(max, high.get(i));
      if (Double.isFinite(published.get(i)) && published.get(i) > 0) {
        px.add(published.get(i));
        py.add(y);
        min = Math.min(min, published.get(i));
        max = Math.max(max, published.get(i));
      }
    }
    XYSeries none = c.addSeries("no difference", List.of(1.0, 1.0), List.of(-1.0, 2.0 * n - 1));
    none.setMarker(SeriesMarkers.NONE);
    none.setLineColor(GREY);
    XYSeries ci = c.addSeries("95% interval", cx, cy);
    ci.setMarker(SeriesMarkers.NONE);
    ci.setLineColor(Color.BLACK);
    ci.setLineStyle(new BasicStroke(3f));
    XYSeries est = c.addSeries("estimate", ex, ey);
    est.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    est.setMarker(SeriesMarkers.CIRCLE);
    est.setMarkerColor(PALETTE[0]);
    if (!px.isEmpty()) {
      XYSeries pub = c.addSeries("study's figure", px, py);
      pub.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      pub.setMarker(SeriesMarkers.DIAMOND);
      pub.setMarkerColor(WORSE);
    }
    c.getStyler().setXAxisMin(min / 1.3);
    c.getStyler().setXAxisMax(max * 1.3);
    return encode(c, name, title, null);
  }

  /**
   * Latency percentile curves (HdrHistogram's plot): x is the percentile on a "number of nines"
   * scale ({@code -log10(1 - p/100)}: 1 = 90%, 2 = 99%, 3 = 99.9%), y the latency in microseconds
   * (log scale when it spans more than a decade). Each series' x values are percentiles in percent.
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
    List<Double> ys = new ArrayList<>();
    mapped.forEach(s -> ys.addAll(s.y()));
    boolean logY = spansDecade(ys);
    String xTitle = "percentile as nines: 1 = 90%, 2 = 99%, 3 = 99.9%, 4 = 99.99%";
    String yTitle = "latency (µs" + (logY ? ", log scale)" : ")");
    XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT + legendHeight(mapped.size())).title(title)
        .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    style(c.getStyler());
    c.getStyler().setYAxisLogarithmic(logY);
    // XChart's tick-label callback can spin forever on this axis, so the axis keeps plain numbers
    // and the title explains the scale
    c.getStyler().setXAxisDecimalPattern("0.#");
    for (Series s : mapped) {
      XYSeries xs = c.addSeries(s.name(), s.x(), s.y());
      xs.setMarker(SeriesMarkers.NONE);
    }
    return encode(c, name, title, new Spec("lines", "latency (µs)", xTitle, logY, false, List.of(), List.of(), mapped));
  }

  /**
   * Puts {@code labels} on the y axis of {@code c}, row 0 at the top at y = n - 1: the axis runs
   * from -1 to n with a tick step of about one row, and each tick's label is computed from its own
   * value (an integer y names its row; any other tick gets a distinct blank, since XChart drops
   * every label of an axis whose labels repeat). Dense rows may leave some rows unlabelled; a label
   * can never sit on another row.
   *
   * @param plotPx the plot's height in pixels, roughly
   */
  static void categoryAxis(XYChart c, List<String> labels, int plotPx) {
    int n = labels.size();
    List<String> unique = uniqueLabels(labels);
    c.getStyler().setYAxisMin(-1.0);
    c.getStyler().setYAxisMax((double) n);
    double pxPerRow = Math.max(1, plotPx) / (n + 1.0);
    c.getStyler().setYAxisTickMarkSpacingHint((int) Math.max(8, pxPerRow * 0.8));
    c.setCustomYAxisTickLabelsFormatter(v -> {
      long i = Math.round(v);
      int idx = (int) (n - 1 - i);
      if (Math.abs(v - i) < 1e-6 && idx >= 0 && idx < n) {
        return unique.get(idx);
      }
      return distinctBlank(v);
    });
  }

  /**
   * A blank tick label that differs for every quarter-unit value {@code v}: a space, then the
   * zigzag code of {@code round(4 v)} in binary, least significant bit first, a 0 as a space and a 1
   * as a no-break space (both blank in every font). XChart keeps raising its tick step while two
   * labels of an axis are equal; the blank labels this replaced (a count of spaces modulo the row
   * count) repeated at every step once the step was a multiple of that modulus, and the report's
   * forest plot of 7 findings never finished drawing. Distinct values give distinct labels here at
   * every step, so XChart stops at the first step whose labels fit. Labels stay short: 10 characters
   * for |v| up to 32.
   */
  static String distinctBlank(double v) {
    long x = Math.round(v * 4);
    long z = x >= 0 ? 2 * x : -2 * x - 1;
    StringBuilder b = new StringBuilder(" ");
    for (; z > 0; z >>>= 1) {
      b.append((z & 1) == 0 ? ' ' : '\u00A0');
    }
    return b.toString();
  }

  /** Labels made distinct (XChart hides repeated tick labels): a repeat gets " (2)", " (3)", ... */
  static List<String> uniqueLabels(List<String> labels) {
    List<String> out = new ArrayList<>();
    for (String l : labels) {
      String s = shorten(l);
      String u = s;
      for (int k = 2; out.contains(u); k++) {
        u = s + " (" + k + ")";
      }
      out.add(u);
    }
    return out;
  }

  /** Extra PNG height for a vertical legend of {@code n} entries below the plot. */
  private static int legendHeight(int n) {
    return 20 * n + 10;
  }

  private static void style(org.knowm.xchart.style.AxesChartStyler s) {
    // plain numbers with thousands separators instead of XChart's 5E6
    s.setYAxisDecimalPattern("#,##0.###");
    // one legend entry per line below the plot: long series names stay whole
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Vertical);
    s.setChartBackgroundColor(Color.WHITE);
    s.setAntiAlias(true);
    // a log value axis is labelled within each decade too (a short range would show one label);
    // a log x axis (batch sizes) only at decades, where its labels never crowd. XChart's custom
    // tick formatters are not used on log axes: its label-fitting loop can spin forever on them.
    s.setXAxisLogarithmicDecadeOnly(true);
    s.setYAxisLogarithmicDecadeOnly(false);
  }

  /** {@code s} cut to at most 59 characters for a chart label, an ellipsis marking the cut. */
  public static String shorten(String s) {
    return s.length() <= 60 ? s : s.substring(0, 58) + "…";
  }

  private static Doc.Block encode(Chart<?, ?> c, String name, String title, Spec spec) {
    try {
      return new Doc.Chart(name, title, BitmapEncoder.getBitmapBytes(c, BitmapEncoder.BitmapFormat.PNG), spec);
    } catch (IOException | RuntimeException e) {
      return new Doc.Text("(no chart \"" + title + "\": " + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    }
  }
}
