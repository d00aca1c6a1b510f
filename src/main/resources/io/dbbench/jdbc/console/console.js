// dbbench insert console: renders /api/info, runs tests through /test/<TestType>, polls /api/progress,
// shows the history and its chart (a PNG drawn by the server). No library, no network beyond this server.
'use strict';

const $ = (id) => document.getElementById(id);
let info = null;
let busy = false;
let seenCompleted = -1;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function row(cells, numeric) {
  const tr = document.createElement('tr');
  cells.forEach((c, i) => {
    const td = c instanceof Node ? (() => { const t = el('td'); t.appendChild(c); return t; })() : el('td', c);
    if (numeric && numeric.includes(i)) td.classList.add('num');
    tr.appendChild(td);
  });
  return tr;
}

const fmtInt = (n) => Number(n).toLocaleString('en-US');
const fmtSec = (s) => Number(s).toFixed(3);
const fmtRate = (r) => Math.round(Number(r)).toLocaleString('en-US');
const fmtBytes = (b) => (Number(b) / (1024 * 1024 * 1024)).toFixed(2) + ' GiB';

async function call(url, method) {
  const r = await fetch(url, { method: method || 'GET' });
  let body;
  try {
    body = await r.json();
  } catch (e) {
    body = { error: 'HTTP ' + r.status + ' without a JSON body' };
  }
  return { status: r.status, body };
}

function showMessage(text) {
  const m = $('message');
  m.textContent = text || '';
  m.hidden = !text;
}

function renderRuntime(rt) {
  const body = $('runtime-body');
  body.replaceChildren();
  const rows = [
    ['JDK', rt.jdk, 'jdk'], ['OS', rt.os, 'os'], ['available processors', rt.availableProcessors, 'availableProcessors'],
    ['max heap', fmtBytes(rt.maxHeapBytes), 'maxHeap'], ['JDBC driver', rt.driver, 'driver'],
    ['JDBC driver version', rt.driverVersion, 'driverVersion'], ['database', rt.database, 'database'],
    ['database version', rt.databaseVersion, 'databaseVersion'], ['target URL', rt.url, 'url'],
    ['target chosen by', rt.targetSource, 'targetSource'], ['user', rt.user, 'user'],
  ];
  for (const [k, v, id] of rows) {
    const tr = row([k, v]);
    tr.lastChild.id = 'rt-' + id;
    body.appendChild(tr);
  }
}

function renderParameters(params) {
  const body = $('parameters-body');
  body.replaceChildren();
  for (const p of params) {
    const env = el('code', p.env);
    const prop = el('code', '-D' + p.property);
    body.appendChild(row([p.name, String(p.value), env, prop, p.meaning]));
  }
}

function testButton(test, shapeOf) {
  const b = el('button', test);
  b.type = 'button';
  b.dataset.test = test;
  b.addEventListener('click', () => runTest(test, shapeOf()));
  return b;
}

function renderTests(i) {
  const head = $('tests-head');
  const body = $('tests-body');
  head.replaceChildren();
  body.replaceChildren();
  const hr = document.createElement('tr');
  hr.appendChild(el('th', 'shape'));
  hr.appendChild(el('th', 'rows'));
  for (const t of i.tests) {
    const th = el('th', t);
    if (!i.hdbinsertTests.includes(t)) th.title = 'dbbench addition (not in hdbinsert)';
    hr.appendChild(th);
  }
  head.appendChild(hr);
  for (const shape of i.shapes) {
    const [c, s] = shape.split('x').map(Number);
    const tr = row([shape, fmtInt(c * s)], [1]);
    for (const t of i.tests) {
      const b = testButton(t, () => shape);
      b.textContent = 'run';
      b.title = t + ' ' + shape;
      b.dataset.shape = shape;
      b.id = 'run-' + t + '-' + shape;
      const td = el('td');
      td.appendChild(b);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  const input = el('input');
  input.type = 'text';
  input.id = 'custom-shape';
  input.value = i.defaultShape;
  input.placeholder = 'BATCHCOUNTxBATCHSIZE';
  input.title = 'custom shape, BATCHCOUNTxBATCHSIZE, at most ' + fmtInt(i.maxRows) + ' rows';
  input.setAttribute('aria-label', 'custom shape, BATCHCOUNTxBATCHSIZE');
  const tr = row([input, '\u2264 ' + fmtInt(i.maxRows)], [1]);
  tr.className = 'custom';
  for (const t of i.tests) {
    const b = testButton(t, () => input.value);
    b.textContent = 'run';
    b.title = t + ' with the custom shape';
    b.id = 'run-' + t + '-custom';
    b.dataset.shape = 'custom';
    const td = el('td');
    td.appendChild(b);
    tr.appendChild(td);
  }
  body.appendChild(tr);
  $('db-table').textContent = i.table;
  $('db-note').textContent = i.allowDrop
    ? 'DBBENCH_ALLOW_DROP=true: drop is enabled (it asks for confirmation).'
    : 'Drop needs DBBENCH_ALLOW_DROP=true when the console starts.';
}

function setBusy(b) {
  busy = b;
  document.querySelectorAll('button').forEach((x) => { x.disabled = b; });
}

async function runTest(test, shape) {
  if (busy) return;
  const m = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(shape || '');
  if (!m) {
    showMessage("shape '" + shape + "' is malformed; expected BATCHCOUNTxBATCHSIZE, e.g. 10x10000");
    return;
  }
  showMessage('');
  setBusy(true);
  showProgress({ running: true, what: 'test ' + test + ' ' + m[1] + 'x' + m[2], phase: 'starting', rowsSent: 0,
    rows: Number(m[1]) * Number(m[2]), elapsedSeconds: 0, insertSeconds: 0 });
  try {
    const { status, body } = await call('/test/' + encodeURIComponent(test) + '?batchcount=' + m[1] + '&batchsize=' + m[2], 'POST');
    if (body && body.test !== undefined) {
      renderResult(body);
      if (status !== 200) showMessage('HTTP ' + status + ': ' + (body.error || 'verification failed'));
    } else {
      showMessage('HTTP ' + status + ': ' + (body.error || '') + (body.field ? ' (field: ' + body.field + ')' : ''));
    }
  } catch (e) {
    showMessage('request failed: ' + e);
  } finally {
    setBusy(false);
    await refreshHistory();
  }
}

function renderResult(r) {
  $('result').hidden = false;
  const body = $('result-body');
  body.replaceChildren();
  const v = r.verification;
  const verified = el('span', r.verified ? 'verified' : 'NOT verified', r.verified ? 'ok' : 'bad');
  verified.id = 'result-verified';
  const rows = [
    ['test', r.test], ['shape', r.batchCount + 'x' + r.batchSize], ['rows', fmtInt(r.rows)],
    ['seconds (insert)', fmtSec(r.seconds)], ['rows/s', fmtRate(r.rowsPerSecond)],
    ['bulk size', fmtInt(r.bulkSize)], ['workers', r.workers], ['separate tables', r.separateTables],
    ['drop before run', r.dropBeforeRun],
    ['verification', verified],
    ['rows found / expected', v ? fmtInt(v.rows) + ' / ' + fmtInt(v.expectedRows) : '-'],
    ['SUM(DEVICEID) found / expected', v ? fmtInt(v.deviceIdSum) + ' / ' + fmtInt(v.expectedDeviceIdSum) : '-'],
  ];
  if (r.error) rows.push(['error', r.error]);
  for (const [k, val] of rows) {
    const tr = row([k, val]);
    tr.lastChild.id = 'result-' + k.replace(/[^a-z]+/gi, '-').replace(/-$/, '');
    body.appendChild(tr);
  }
  $('result-json').textContent = JSON.stringify(r, null, 2);
}

function showProgress(p) {
  const box = $('progress');
  if (!p.running) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $('progress-what').textContent = p.what;
  $('progress-phase').textContent = '(' + p.phase + ')';
  const bar = $('progress-bar');
  if (p.rows) {
    bar.max = p.rows;
    bar.value = p.rowsSent;
    $('progress-text').textContent = fmtInt(p.rowsSent) + ' of ' + fmtInt(p.rows) + ' rows sent, '
      + Number(p.elapsedSeconds).toFixed(1) + ' s elapsed (insert ' + Number(p.insertSeconds).toFixed(1) + ' s)';
  } else {
    bar.removeAttribute('value');
    $('progress-text').textContent = Number(p.elapsedSeconds).toFixed(1) + ' s elapsed';
  }
}

async function pollProgress() {
  try {
    const { body } = await call('/api/progress');
    if (body.running || !busy) showProgress(body);
    if (body.completed !== seenCompleted && !busy) await refreshHistory();
  } catch (e) {
    // the server is gone or restarting; keep polling
  }
}

let renderedHistory = '';

async function refreshHistory() {
  const { body } = await call('/api/history');
  seenCompleted = body.length;
  // re-render only when a result was added: the rows stay the same elements while nothing changes
  const key = body.length + ':' + (body.length ? body[0].id : 0);
  if (key === renderedHistory) return;
  renderedHistory = key;
  const tb = $('history-body');
  tb.replaceChildren();
  for (const r of body) {
    const ok = el('span', r.verified ? 'yes' : 'no', r.verified ? 'ok' : 'bad');
    const tr = row([r.id, r.startedAt.replace('T', ' ').replace('Z', ''), r.test, r.batchCount + 'x' + r.batchSize,
      fmtInt(r.rows), fmtSec(r.seconds), fmtRate(r.rowsPerSecond), ok, r.error || ''], [0, 4, 5, 6]);
    tr.id = 'history-' + r.id;
    tr.dataset.rows = r.rows;
    if (!r.verified) tr.classList.add('failed');
    tb.appendChild(tr);
  }
  $('chart').src = '/chart.png?n=' + body.length;
}

async function dbOperation(path, method) {
  if (busy) return;
  setBusy(true);
  try {
    const { status, body } = await call(path, method);
    const out = $('db-output');
    out.hidden = false;
    out.textContent = (status === 200 ? '' : 'HTTP ' + status + '\n') + JSON.stringify(body, null, 2);
  } finally {
    setBusy(false);
  }
}

function wireDatabase() {
  $('db-create').addEventListener('click', () => dbOperation('/db/createTable', 'POST'));
  $('db-count').addEventListener('click', () => dbOperation('/db/countRows', 'GET'));
  $('db-truncate').addEventListener('click', () => {
    if (confirm('Delete every row of ' + info.table + '?')) dbOperation('/db/truncateTable', 'POST');
  });
  $('db-drop').addEventListener('click', () => {
    if (confirm('Drop table ' + info.table + '? Its rows are lost.')) {
      dbOperation('/db/dropTable?confirm=' + encodeURIComponent(info.table), 'POST');
    }
  });
}

async function main() {
  try {
    const { body } = await call('/api/info');
    info = body;
    renderRuntime(body.runtime);
    renderParameters(body.parameters);
    renderTests(body);
    wireDatabase();
    await refreshHistory();
  } catch (e) {
    showMessage('cannot load /api/info: ' + e);
  }
  setInterval(pollProgress, 250);
}

main();
