'use strict'
// undici is not bundled: every request goes through @actions/http-client and Node's http agents.
// @actions/github builds a proxy dispatcher when it loads (harmless here: the action hands
// Octokit its own fetch); anything that would send through undici is told so.
class ProxyAgent {}
function fetch() {
  throw new Error('undici is not bundled: requests go through @actions/http-client')
}
exports.ProxyAgent = ProxyAgent
exports.fetch = fetch
