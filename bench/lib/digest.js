'use strict';
/* global fetch */
// A Digest (RFC 7616, qop=auth, MD5) client as nonce-reusing clients do it (Python requests,
// digest-fetch): answer one challenge, then sign every later request with the same nonce and an
// increasing nc, so no request costs an extra round trip.
const { createHash, randomBytes } = require('node:crypto');

const md5 = (text) => createHash('md5').update(text).digest('hex');

function parseChallenge(header) {
  const values = Array.isArray(header) ? header : [header];
  const md5Challenge = values.find((value) => /algorithm="?MD5"?/i.test(value)) || values[0];
  const params = {};
  for (const match of md5Challenge.matchAll(/([a-z]+)="([^"]*)"/gi))
    params[match[1].toLowerCase()] = match[2];
  return params;
}

class DigestSigner {
  constructor(username, password, challenge) {
    this.username = username;
    this.realm = challenge.realm;
    this.nonce = challenge.nonce;
    this.opaque = challenge.opaque;
    this.ha1 = md5(`${username}:${this.realm}:${password}`);
    this.nc = 0;
  }

  authorization(method, uri) {
    this.nc += 1;
    const nc = this.nc.toString(16).padStart(8, '0');
    const cnonce = randomBytes(8).toString('hex');
    const ha2 = md5(`${method}:${uri}`);
    const response = md5(`${this.ha1}:${this.nonce}:${nc}:${cnonce}:auth:${ha2}`);
    const opaque = this.opaque ? `, opaque="${this.opaque}"` : '';
    return (
      `Digest username="${this.username}", realm="${this.realm}", nonce="${this.nonce}", uri="${uri}", ` +
      `algorithm=MD5, response="${response}", qop=auth, nc=${nc}, cnonce="${cnonce}"${opaque}`
    );
  }
}

// One unauthenticated request to obtain a challenge.
async function fetchChallenge(baseUrl, path = '/api/public/v1.0/orgs') {
  const response = await fetch(`${baseUrl}${path}`);
  await response.arrayBuffer();
  const header = response.headers.get('www-authenticate');
  if (response.status !== 401 || !header)
    throw new Error(`expected a Digest challenge, got ${response.status}`);
  // fetch joins repeated headers with ", "; split back before each "Digest ".
  return parseChallenge(header.split(/,\s*(?=Digest )/));
}

async function newSigner(baseUrl, credentials) {
  return new DigestSigner(credentials.publicKey, credentials.privateKey, await fetchChallenge(baseUrl));
}

// JSON over fetch with Digest, for setting data up (not measured).
class DigestApi {
  constructor(baseUrl, credentials) {
    this.baseUrl = baseUrl;
    this.credentials = credentials;
    this.signer = undefined;
  }

  async call(method, path, body) {
    const uri = `/api/public/v1.0${path}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!this.signer) this.signer = await newSigner(this.baseUrl, this.credentials);
      const response = await fetch(`${this.baseUrl}${uri}`, {
        method,
        headers: {
          authorization: this.signer.authorization(method, uri),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status === 401 && attempt === 0) {
        this.signer = undefined;
        continue;
      }
      const json = text === '' ? undefined : JSON.parse(text);
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return json;
    }
    throw new Error(`${method} ${path}: unauthorized`);
  }
}

module.exports = { DigestSigner, DigestApi, fetchChallenge, newSigner, parseChallenge };
