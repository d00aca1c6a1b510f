'use strict';
// The pool study's own client ("ArangoDB client side benchmarking": arangojs 8.3 on Node against
// ArangoDB with 200,000 records), in the study's form, for scripts/arangojs-vs-dbbench.sh:
// one point = ITERATIONS queries
//   FOR doc IN <collection> FILTER doc.EndToEndId == @id RETURN doc
// each with a random UUID (crypto.randomUUID, drawn before the timer), the query cache off for the
// query (cache: false), all issued at once and awaited together (the study's Promise.all), only the
// queries timed (first request issued to last answer), the point run RUNS times (the study ran 3 and
// averaged; every run is printed here so the analysis can also take an interval).
// Connection types, as the study named them:
//   default  arangojs 8.3.0 with its own agent settings (no agentOptions: arangojs's Node default
//            maxSockets 3, at most 3 requests in flight)
//   10, 100  arangojs 8.3.0 with agentOptions: { maxSockets: N }
//   http     plain HTTP POST /_api/cursor through Node's own http.globalAgent (the study's
//            "HTTP Default", which it ran with axios; axios on Node also uses that agent)
// A run with any failed query "did not finish" (DNF, the study's "queue fill from server side"):
// failures are counted per cause (queue_full 503/21003, queue_time_violated 412/21004, timeout: no
// answer by the deadline, refused: ECONNREFUSED, other_error) and the run's time is printed but is
// not a result.
//
// Usage: node pool-queries.js --modules DIR --url URL --database DB --collection C
//          --connection default|10|100|http --iterations N [--runs 3] [--deadline-s 300]
//   --modules: the directory whose node_modules holds arangojs 8.3.0 (the script's cache, outside
//   the repository). Credentials only from the environment: DBBENCH_ARANGO_AUTH=basic:user:password.
// Output, standard output: one TSV line per run:
//   client connection iterations run ms dnf answered queue_full queue_time_violated timeout refused other_error
// and on standard error one line per run with the hits (documents returned) and the first failure.

const crypto = require('node:crypto');
const http = require('node:http');
const https = require('node:https');
const path = require('node:path');
const { createRequire } = require('node:module');

const CAUSES = ['queue_full', 'queue_time_violated', 'timeout', 'refused', 'other_error'];
const CONNECTIONS = ['default', '10', '100', 'http'];

function fail(msg) {
  process.stderr.write(`pool-queries: ${msg}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { runs: 3, deadlineS: 300 };
  const names = { '--modules': 'modules', '--url': 'url', '--database': 'database', '--collection': 'collection',
    '--connection': 'connection', '--iterations': 'iterations', '--runs': 'runs', '--deadline-s': 'deadlineS' };
  for (let i = 0; i < argv.length; i += 2) {
    const k = names[argv[i]];
    if (!k) fail(`unknown option ${argv[i]} (expected ${Object.keys(names).join(', ')})`);
    if (i + 1 >= argv.length) fail(`${argv[i]} needs a value`);
    o[k] = argv[i + 1];
  }
  for (const k of ['modules', 'url', 'database', 'collection', 'connection', 'iterations']) {
    if (o[k] === undefined) fail(`--${k} is required`);
  }
  if (!CONNECTIONS.includes(o.connection)) fail(`--connection '${o.connection}': expected one of ${CONNECTIONS.join(', ')}`);
  for (const [k, flag] of [['iterations', '--iterations'], ['runs', '--runs'], ['deadlineS', '--deadline-s']]) {
    if (!/^[1-9][0-9]*$/.test(String(o[k]))) fail(`${flag} '${o[k]}': expected a whole number of at least 1`);
    o[k] = Number(o[k]);
  }
  if (!/^[A-Za-z0-9_-]+$/.test(o.collection)) fail(`--collection '${o.collection}': expected a collection name`);
  let u;
  try {
    u = new URL(o.url);
  } catch (e) {
    fail(`--url '${o.url}': expected http(s)://host:port`);
  }
  if (u.username || u.password) fail('--url carries credentials; give them as DBBENCH_ARANGO_AUTH=basic:user:password');
  o.url = o.url.replace(/\/+$/, '');
  return o;
}

function auth() {
  const a = process.env.DBBENCH_ARANGO_AUTH;
  if (!a) return null;
  const m = /^basic:([^:]*):(.*)$/s.exec(a);
  if (!m) fail('DBBENCH_ARANGO_AUTH: expected basic:user:password');
  return { username: m[1], password: m[2] };
}

/** The cause of a failed query, from arangojs's errors (ArangoError: errorNum and code; HttpError: code) or Node's. */
function causeOf(e) {
  if (e && e.dbbenchTimeout) return 'timeout';
  const errorNum = e && typeof e.errorNum === 'number' ? e.errorNum : 0;
  const status = e && typeof e.code === 'number' ? e.code : e && typeof e.status === 'number' ? e.status : 0;
  if (errorNum === 21003 || (errorNum === 0 && status === 503)) return 'queue_full';
  if (errorNum === 21004 || (errorNum === 0 && status === 412)) return 'queue_time_violated';
  const sys = e && (typeof e.code === 'string' ? e.code : e.cause && e.cause.code);
  if (sys === 'ECONNREFUSED') return 'refused';
  if (sys === 'ETIMEDOUT' || sys === 'ESOCKETTIMEDOUT') return 'timeout';
  return 'other_error';
}

/** The "HTTP Default" client: POST /_db/<db>/_api/cursor through Node's http.globalAgent; resolves to the result rows. */
function plainHttpClient(o, credentials) {
  const lib = o.url.startsWith('https:') ? https : http;
  const target = `${o.url}/_db/${encodeURIComponent(o.database)}/_api/cursor`;
  const authHeader = credentials
    ? { authorization: 'Basic ' + Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64') }
    : {};
  return {
    describe: `Node ${process.version} ${o.url.startsWith('https:') ? 'https' : 'http'}.globalAgent (keepAlive ${lib.globalAgent.keepAlive}, maxSockets ${lib.globalAgent.maxSockets})`,
    query(id) {
      const body = JSON.stringify({ query: QUERY(o.collection), bindVars: { id }, cache: false });
      return new Promise((resolve, reject) => {
        const req = lib.request(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...authHeader },
        }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            let j = null;
            try {
              j = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch (e) {
              // not JSON: an error below
            }
            if (res.statusCode >= 400 || !j || !Array.isArray(j.result)) {
              const err = new Error(`HTTP ${res.statusCode}${j && j.errorMessage ? ': ' + j.errorMessage : ''}`);
              err.status = res.statusCode;
              err.errorNum = j && typeof j.errorNum === 'number' ? j.errorNum : 0;
              reject(err);
            } else {
              resolve(j.result);
            }
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close() {},
  };
}

/** arangojs 8.3.0's client: Database with its default agent settings, or agentOptions: { maxSockets }. */
function arangojsClient(o, credentials) {
  const req = createRequire(path.join(path.resolve(o.modules), 'package.json'));
  const version = req('arangojs/package.json').version;
  if (version !== '8.3.0') fail(`${o.modules}: arangojs ${version} installed; expected 8.3.0`);
  const { Database } = req('arangojs');
  const config = { url: o.url, databaseName: o.database };
  if (o.connection !== 'default') config.agentOptions = { maxSockets: Number(o.connection) };
  if (credentials) config.auth = credentials;
  const db = new Database(config);
  return {
    describe: `arangojs ${version} on Node ${process.version}, ${o.connection === 'default'
      ? "its own agent settings (no agentOptions)" : `agentOptions: { maxSockets: ${o.connection} }`}`,
    async query(id) {
      const cursor = await db.query(QUERY(o.collection), { id }, { cache: false });
      return cursor.all();
    },
    ping() {
      return db.version();
    },
    close() {
      if (typeof db.close === 'function') db.close();
    },
  };
}

function QUERY(collection) {
  return `FOR doc IN ${collection} FILTER doc.EndToEndId == @id RETURN doc`;
}

/** One run: every query at once; waits for all of them or the deadline. */
async function run(client, iterations, deadlineMs) {
  const ids = Array.from({ length: iterations }, () => crypto.randomUUID()); // outside the timing
  const counts = { answered: 0, hits: 0 };
  for (const c of CAUSES) counts[c] = 0;
  let first = '';
  let open = iterations;
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(resolve, deadlineMs);
  });
  const t0 = process.hrtime.bigint();
  let t1 = t0;
  const all = Promise.all(ids.map((id) => client.query(id).then((rows) => {
    counts.answered++;
    counts.hits += rows.length;
  }, (e) => {
    const c = causeOf(e);
    counts[c]++;
    if (!first) first = `${c}: ${e && e.message ? e.message : String(e)}`;
  }).finally(() => {
    open--;
    if (open === 0) t1 = process.hrtime.bigint();
  })));
  const finished = await Promise.race([all.then(() => true), deadline.then(() => false)]);
  clearTimeout(timer);
  if (!finished) {
    counts.timeout += open;
    t1 = process.hrtime.bigint();
    if (!first) first = `timeout: ${open} queries without an answer after ${deadlineMs / 1000} s`;
  }
  const ms = Number(t1 - t0) / 1e6;
  const failed = CAUSES.reduce((s, c) => s + counts[c], 0);
  return { ms, dnf: failed > 0 ? 1 : 0, counts, first, finished };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const credentials = auth();
  const client = o.connection === 'http' ? plainHttpClient(o, credentials) : arangojsClient(o, credentials);
  if (client.ping) {
    try {
      await client.ping();
    } catch (e) {
      fail(`${o.url}: the server did not answer GET /_api/version (${e && e.message ? e.message : e})`);
    }
  }
  const label = o.connection === 'http' ? 'Node http (plain HTTP)' : 'arangojs 8.3.0';
  process.stderr.write(`[pool-queries] ${client.describe}; ${o.iterations} queries x ${o.runs} runs\n`);
  for (let r = 1; r <= o.runs; r++) {
    const x = await run(client, o.iterations, o.deadlineS * 1000);
    const c = x.counts;
    process.stdout.write([label, o.connection, o.iterations, r, x.ms.toFixed(3), x.dnf, c.answered,
      ...CAUSES.map((k) => c[k])].join('\t') + '\n');
    process.stderr.write(`[pool-queries] ${o.connection} ${o.iterations} run ${r}: ${x.ms.toFixed(1)} ms, `
      + `${c.answered} answered, ${c.hits} documents returned${x.dnf ? `, DNF (${x.first})` : ''}\n`);
    if (!x.finished) {
      // queries still open would run into the next run: stop here, the remaining runs are not made
      process.stderr.write(`[pool-queries] ${o.connection} ${o.iterations}: the deadline passed with queries open;`
        + ` runs ${r + 1}..${o.runs} not made\n`);
      process.exit(0);
    }
  }
  client.close();
  // the agents' idle keep-alive sockets would hold the process open
  process.exit(0);
}

main().catch((e) => fail(e && e.stack ? e.stack : String(e)));
