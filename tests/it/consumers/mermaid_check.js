// Parses and renders Mermaid diagrams with mermaid itself (the npm package, v11) in
// headless Chromium (playwright-core, Debian's /usr/bin/chromium), offline:
//   node mermaid_check.js DIAGRAM.mmd...
// Prints, as JSON, one result per file: whether mermaid parsed it, the error if not,
// and the rendered SVG's text as a browser shows it (entities decoded).
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

(async () => {
  const files = process.argv.slice(2);
  const mermaidJs = path.join(path.dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(60000);
    const requests = [];
    page.on('request', (r) => { if (!r.url().startsWith('about:') && !r.url().startsWith('data:')) requests.push(r.url()); });
    await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
    await page.addScriptTag({ path: mermaidJs });
    await page.evaluate(() => window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }));
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const result = await page.evaluate(async (text) => {
        const out = { parsed: false, error: null, svg: false, text: '' };
        try {
          await window.mermaid.parse(text);
          out.parsed = true;
          const { svg } = await window.mermaid.render('d' + Math.random().toString(36).slice(2), text);
          const holder = document.getElementById('out');
          holder.innerHTML = svg;
          const el = holder.querySelector('svg');
          out.svg = !!el;
          // What a reader sees: text nodes and HTML labels, one space between.
          const parts = [];
          el.querySelectorAll('text, foreignObject').forEach((n) => parts.push(n.textContent));
          out.text = parts.join(' \n ');
          out.size = svg.length;
          holder.innerHTML = '';
        } catch (e) {
          out.error = String((e && e.message) || e);
        }
        return out;
      }, text);
      result.file = file;
      results.push(result);
    }
    if (requests.length) results.push({ requests });
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(results));
})().catch((e) => { console.error(e); process.exit(1); });
