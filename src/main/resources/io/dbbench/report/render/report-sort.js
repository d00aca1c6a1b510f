// dbbench report: sortable tables, inlined into each report.html.
// Sorts a table by the column whose header is clicked (again: the other way): numbers by value (a
// cell's first number, thousands separators and units ignored), other text alphabetically, empty
// cells last.
(function () {
  function key(td) {
    var t = (td ? td.textContent : '').trim();
    var m = t.replace(/,/g, '').match(/[-+]?\d*\.?\d+(e[-+]?\d+)?/i);
    return {empty: t === '', num: m ? parseFloat(m[0]) : NaN, text: t.toLowerCase()};
  }
  document.querySelectorAll('table').forEach(function (table) {
    table.querySelectorAll('thead th').forEach(function (th, col) {
      th.title = 'sort by this column';
      th.addEventListener('click', function () {
        var asc = th.getAttribute('aria-sort') !== 'ascending';
        table.querySelectorAll('thead th').forEach(function (o) { o.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var numeric = rows.every(function (r) { var k = key(r.cells[col]); return k.empty || !isNaN(k.num); });
        rows.sort(function (a, b) {
          var x = key(a.cells[col]), y = key(b.cells[col]);
          if (x.empty !== y.empty) { return x.empty ? 1 : -1; }
          var c = numeric ? x.num - y.num : x.text.localeCompare(y.text);
          return asc ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
})();
