/**
 * jsdom plus the WHATWG fetch classes Node already has (jsdom ships none): endpoints read
 * `Response`s in the React tests just as in a browser. jsdom's own globals win where both exist.
 */
const JsdomEnvironment = require('jest-environment-jsdom').default;

const FROM_NODE = ['Response', 'Request', 'Headers', 'ReadableStream', 'TextEncoder', 'TextDecoder', 'structuredClone'];

class JsdomWithFetch extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetch;
