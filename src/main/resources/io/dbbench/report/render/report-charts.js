// dbbench report: the charts, inlined into each report.html after Chart.js.
// Builds each chart from its JSON: horizontal bars (names on the y axis, interval as a thin black
// floating bar, per-fork means as dots) or xy lines; log axes as the spec says; axis titles always
// shown.
(function () {
  var palette = ['#1f77b4','#ff7f0e','#2ca02c','#d62728','#9467bd','#8c564b','#e377c2','#7f7f7f','#bcbd22','#17becf'];
  // log axes label only 1, 2 and 5 times a power of ten, so labels never crowd
  function logTick(v) {
    var e = Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    var m = Math.round(v / e * 1000) / 1000;
    return m === 1 || m === 2 || m === 5 ? Number(v).toLocaleString('en-US') : '';
  }
  // linear axes start at zero (a 40.7-41.5 axis makes 1.7% look steep); integer data gets integer ticks
  function axis(title, log, values) {
    var a = {type: log ? 'logarithmic' : 'linear', title: {display: true, text: title}};
    if (log) { a.ticks = {callback: logTick, autoSkip: true, maxRotation: 0}; }
    else {
      a.beginAtZero = true;
      var finite = (values || []).filter(function (v) { return v !== null && isFinite(v); });
      if (finite.length && finite.every(function (v) { return Math.abs(v - Math.round(v)) < 1e-9; })) {
        a.ticks = {precision: 0};
      }
    }
    return a;
  }
  document.querySelectorAll('script.chart-spec').forEach(function (el) {
    var s = JSON.parse(el.textContent);
    var canvas = document.getElementById(el.dataset.canvas);
    var ds = [];
    var cfg;
    if (s.kind === 'hbar') {
      // rows whose value lies in one series only (verdict colours) draw that bar full width
      var single = s.labels.every(function (l, j) {
        return s.bars.filter(function (b) { return b.values[j] !== null; }).length <= 1;
      });
      s.bars.forEach(function (b, i) {
        ds.push({type: 'bar', label: b.name, data: b.values, backgroundColor: b.color || palette[i % palette.length],
                 grouped: !single, order: 3});
      });
      var ci = [], pts = [];
      s.bars.forEach(function (b) {
        b.low.forEach(function (lo, j) {
          if (lo !== null && b.high[j] !== null) { ci.push({y: s.labels[j], x: [lo, b.high[j]]}); }
        });
        b.points.forEach(function (ps, j) { ps.forEach(function (p) { if (p !== null) { pts.push({y: s.labels[j], x: p}); } }); });
      });
      if (ci.length) {
        ds.push({type: 'bar', label: '95% interval', data: ci, backgroundColor: '#000', barPercentage: 0.12,
                 grouped: false, order: 2});
      }
      if (pts.length) {
        ds.push({type: 'scatter', label: 'per-fork means', data: pts, backgroundColor: 'rgba(0,0,0,.6)',
                 pointRadius: 3, order: 1});
      }
      var x = axis(s.valueTitle, s.logValue);
      cfg = {data: {labels: s.labels, datasets: ds}, options: {indexAxis: 'y', maintainAspectRatio: false,
             animation: false, scales: {x: x, y: {type: 'category', title: {display: true, text: s.categoryTitle},
             ticks: {autoSkip: false}}}, plugins: {legend: {position: 'top'}}}};
    } else {
      s.lines.forEach(function (l, i) {
        var pts = [];
        l.x.forEach(function (x, j) { if (x !== null && l.y[j] !== null) { pts.push({x: x, y: l.y[j]}); } });
        ds.push({type: 'line', label: l.name, data: pts, borderColor: palette[i % palette.length],
                 backgroundColor: palette[i % palette.length], showLine: true, pointRadius: 3});
      });
      var xs = [];
      s.lines.forEach(function (l) { xs = xs.concat(l.x); });
      cfg = {type: 'scatter', data: {datasets: ds}, options: {maintainAspectRatio: false, animation: false,
             scales: {x: axis(s.categoryTitle, s.logCategory, xs), y: axis(s.valueTitle, s.logValue)},
             plugins: {legend: {position: 'bottom'}}}};
    }
    cfg.type = cfg.type || 'bar';
    canvas.chart = new Chart(canvas, cfg);
  });
})();
