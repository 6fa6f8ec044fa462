'use strict';
// The scenarios: for each, the autocannon request list against the service (with Digest or agent
// Basic auth) and against its floor (no auth). Digest is signed per request in setupRequest: each
// connection answered one challenge before the run and reuses that nonce with nc = 1, 2, 3 ...
const { METRIC_CONFIG, agentReport } = require('./dataset');

const API = '/api/public/v1.0';

// `perClient(i)` returns the request list of the i-th connection (connections own a signer each).
function scenarios(state) {
  const g = state.groupId;
  const alertOf = (i) => state.alertIds[i % state.alertIds.length];
  const json = { 'content-type': 'application/json' };
  let reportSeq = 0;
  const reportBase = Date.now() - 2 * 3_600_000;
  const threshold = (n) => ({
    ...METRIC_CONFIG,
    metricThreshold: { ...METRIC_CONFIG.metricThreshold, threshold: n },
  });
  const eventsPath = (query) => `${API}/groups/${g}/events${query}`;
  // A 31-day window two months back: two event types, ~8% of a month each.
  const to = new Date(Date.now() - 60 * 86_400_000);
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const day = (d) => d.toISOString().slice(0, 10);
  return [
    {
      name: 'GET one alert',
      auth: 'digest',
      requests: (i) => [{ method: 'GET', path: `${API}/groups/${g}/alerts/${alertOf(i)}` }],
    },
    {
      name: 'PATCH acknowledge (ack/unack)',
      auth: 'digest',
      requests: (i) => [
        {
          method: 'PATCH',
          path: `${API}/groups/${g}/alerts/${alertOf(i)}`,
          headers: json,
          body: JSON.stringify({
            acknowledgedUntil: '2030-01-01T00:00:00Z',
            acknowledgementComment: 'Known issue, fix scheduled.',
          }),
        },
        { method: 'PATCH', path: `${API}/groups/${g}/alerts/${alertOf(i)}`, headers: json, body: '{}' },
      ],
    },
    {
      name: 'PUT alert configuration',
      auth: 'digest',
      requests: () =>
        [500, 501].map((n) => ({
          method: 'PUT',
          path: `${API}/groups/${g}/alertConfigs/${state.alertConfigId}`,
          headers: json,
          body: JSON.stringify(threshold(n)),
        })),
    },
    {
      name: 'events p1 (1M, totalCount)',
      auth: 'digest',
      requests: () => [{ method: 'GET', path: eventsPath('') }],
    },
    {
      name: 'events p1 2 types + dates',
      auth: 'digest',
      requests: () => [
        {
          method: 'GET',
          path: eventsPath(
            `?eventType=HOST_DOWN&eventType=ALERT_ACKNOWLEDGED_AUDIT&minDate=${day(from)}&maxDate=${day(to)}`,
          ),
        },
      ],
    },
    {
      name: 'events page 100',
      auth: 'digest',
      requests: () => [{ method: 'GET', path: eventsPath('?pageNum=100') }],
    },
    {
      name: 'list API keys (20)',
      auth: 'digest',
      requests: () => [{ method: 'GET', path: `${API}/orgs/${state.orgId}/apiKeys` }],
    },
    {
      name: 'agent report 10x50 + eval',
      auth: 'agent',
      requests: () => [
        {
          method: 'POST',
          path: `/agents/v1/groups/${g}/reports`,
          headers: json,
          // A new instant per report (1 s apart): each report inserts 500 new data points.
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify(agentReport(reportBase + 1000 * reportSeq++, (h) => 100 + h)),
          }),
        },
      ],
    },
  ];
}

module.exports = { scenarios };
