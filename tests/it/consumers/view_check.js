// Drives `archie memory view`'s page in headless Chromium (playwright-core, Debian's
// /usr/bin/chromium) and prints what a person would see, as JSON:
//   node view_check.js PAGE.html SEARCH_TERM TYPE_TO_HIDE SYSTEM_NAME|- [SCREENSHOT.png]
// It records console errors, page errors and every request other than the page itself,
// and, for the entity the search selects, how large its label is on screen and where its
// edges end (the arrowhead's tip against the target's circle). With SHOTS=PREFIX it also
// saves PREFIX-first.png (the first screen) and PREFIX-selected.png.
const { chromium } = require('playwright-core');

(async () => {
  const [page_path, term, hide, system, shot] = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const result = { console_errors: [], requests: [] };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(15000);
    const started = Date.now();
    const url = 'file://' + page_path;
    page.on('console', (m) => { if (m.type() === 'error') result.console_errors.push(m.text()); });
    page.on('pageerror', (e) => result.console_errors.push(String(e)));
    page.on('request', (r) => { if (r.url() !== url) result.requests.push(r.url()); });
    await page.goto(url, { waitUntil: 'load' });
    result.load_ms = Date.now() - started;
    const shots = process.env.SHOTS;
    if (shots) await page.screenshot({ path: `${shots}-first.png` });
    result.first_screen_labels = await page.$$eval('g.node text', (ts) => ts.filter((t) => {
      const b = t.getBoundingClientRect();
      return getComputedStyle(t).display !== 'none' && b.width > 0 && b.right > 320 && b.left < innerWidth && b.bottom > 0 && b.top < innerHeight;
    }).length);
    const names = () => page.$$eval('g.node:not(.hidden)', (gs) => gs.map((g) => g.getAttribute('data-name')));
    result.nodes = await page.$$eval('g.node', (gs) => gs.map((g) => g.getAttribute('data-name')));
    // The legend: each group's name and the colour its swatch shows.
    result.legend = await page.$$eval('#legend [data-group]', (items) => items.map((i) =>
      [i.getAttribute('data-group'), getComputedStyle(i.querySelector('.swatch')).backgroundColor]));
    result.edges = await page.$$eval('line.edge', (ls) => ls.length);

    // Search by an alias: the first match is offered, Enter selects it.
    await page.fill('#search', term);
    result.matches = await page.$$eval('#matches li', (lis) => lis.map((li) => li.textContent));
    await page.press('#search', 'Enter');
    result.selected = await page.textContent('#panel h2');
    result.neighbours = await page.$$eval('g.node.nb', (gs) => gs.map((g) => g.getAttribute('data-name')));
    result.panel = await page.textContent('#panel');
    if (shots) await page.screenshot({ path: `${shots}-selected.png` });
    result.selected_geometry = await page.evaluate(() => {
      const v = window.archieView;
      const gs = [...document.querySelectorAll('g.node')];
      const i = gs.findIndex((g) => g.classList.contains('sel'));
      const text = gs[i].querySelector('text');
      const box = text.getBoundingClientRect();
      const scale = text.getScreenCTM().a;
      const marker = document.querySelector('#arrow');
      const edges = [...document.querySelectorAll('line.edge')]
        .filter((l) => +l.dataset.from === i || +l.dataset.to === i)
        .map((l) => {
          const to = +l.dataset.to;
          const [cx, cy] = v.pos[to];
          const x2 = +l.getAttribute('x2'), y2 = +l.getAttribute('y2');
          return {
            from: v.nodes[+l.dataset.from].n,
            to: v.nodes[to].n,
            marker: l.getAttribute('marker-end'),
            // The tip's distance from the target circle's edge, in screen pixels.
            tip_gap_px: (Math.hypot(x2 - cx, y2 - cy) - v.radius[to]) * scale,
            arrow_px: +marker.getAttribute('markerWidth') * scale,
          };
        });
      return {
        label_px: parseFloat(getComputedStyle(text).fontSize) * scale,
        label_on_screen: box.left >= 320 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight,
        edges,
      };
    });

    // A click on a neighbour in the panel moves the selection there.
    const link = await page.$('#panel a');
    if (link) {
      await link.click();
      result.after_click = await page.textContent('#panel h2');
    }

    // The type filter hides that type's entities.
    await page.press('#search', 'Escape');
    await page.uncheck(`#types input[value="${hide}"]`);
    result.without_type = await names();
    await page.check(`#types input[value="${hide}"]`);

    // One system's subgraph ("-": the memory has no system).
    if (system !== '-') {
      await page.selectOption('#system', { label: system });
      result.system_nodes = await names();
      await page.selectOption('#system', { value: '' });
      result.all_again = (await names()).length;
    }
    if (shot) await page.screenshot({ path: shot });
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(result));
})().catch((e) => { console.error(e); process.exit(1); });
