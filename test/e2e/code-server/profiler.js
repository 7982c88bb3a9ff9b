// CPU profiles of the workbench (Chromium's renderer, over CDP) and of the extension host (its inspector, which
// code-server opens when the page's payload asks for `inspect-extensions`), for driver.js latency with LAT_PROFILE.
// Each phase (a document opened, its keystrokes) is one profile of each process; the moments the driver waits for
// are marks. V8's profile times, Chromium's and Node's process.hrtime all read CLOCK_MONOTONIC on Linux, so the
// profiles, the marks and the language server's own profile (APICONV_SERVER_CPU_PROF) line up on one time axis:
// profile-timeline.mjs prints them side by side.
const fs = require('fs');
const path = require('path');

/** Seconds on CLOCK_MONOTONIC, as the profiles' startTime (µs) counts them. */
const monoSeconds = () => Number(process.hrtime.bigint() / 1000n) / 1e6;

/** A Chrome DevTools Protocol session over the inspector's WebSocket (Node 22, or Node 20 with --experimental-websocket). */
class InspectorSession {
  constructor(url) {
    this.url = url;
    this.nextId = 0;
    this.replies = new Map();
  }

  async open() {
    if (typeof WebSocket !== 'function') throw new Error('no WebSocket in this Node: run it with --experimental-websocket');
    this.ws = new WebSocket(this.url);
    await new Promise((resolve, reject) => {
      this.ws.onopen = resolve;
      this.ws.onerror = () => reject(new Error(`cannot connect to ${this.url}`));
    });
    this.ws.onmessage = e => {
      const m = JSON.parse(e.data);
      const reply = this.replies.get(m.id);
      if (!reply) return;
      this.replies.delete(m.id);
      if (m.error) reply.reject(new Error(m.error.message));
      else reply.resolve(m.result);
    };
  }

  send(method, params = {}) {
    const id = ++this.nextId;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.replies.set(id, { resolve, reject }));
  }

  close() {
    this.ws?.close();
  }
}

class PhaseProfiler {
  /** `dir`: where the profiles and marks.json go; `port`: the extension host's inspector port. */
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.marks = [];
    this.sessions = [];
    fs.mkdirSync(dir, { recursive: true });
  }

  /** What the page's URL passes to the workbench so that the extension host listens on `port`. */
  payload() {
    return [['inspect-extensions', String(this.port)]];
  }

  mark(name) {
    this.marks.push({ name, mono: monoSeconds() });
  }

  async start(page) {
    if (!this.renderer) {
      this.renderer = await page.context().newCDPSession(page);
      const targets = await (await fetch(`http://127.0.0.1:${this.port}/json/list`)).json();
      if (!targets.length) throw new Error(`no extension host inspector on port ${this.port}`);
      this.extensionHost = new InspectorSession(targets[0].webSocketDebuggerUrl);
      await this.extensionHost.open();
      this.sessions = [
        ['renderer', this.renderer],
        ['exthost', this.extensionHost],
      ];
      for (const [, s] of this.sessions) {
        await s.send('Profiler.enable');
        await s.send('Profiler.setSamplingInterval', { interval: 500 });
      }
    }
    for (const [, s] of this.sessions) await s.send('Profiler.start');
  }

  /** Ends the phase: `<process>-<name>.cpuprofile` for each. */
  async stop(name) {
    for (const [label, s] of this.sessions) {
      const { profile } = await s.send('Profiler.stop');
      fs.writeFileSync(path.join(this.dir, `${label}-${name}.cpuprofile`), JSON.stringify(profile));
    }
  }

  close() {
    fs.writeFileSync(path.join(this.dir, 'marks.json'), JSON.stringify(this.marks, null, 1));
    this.extensionHost?.close();
  }
}

module.exports = { PhaseProfiler, monoSeconds };
