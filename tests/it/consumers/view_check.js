// Drives `archie memory view`'s page in headless Chromium (playwright-core, Debian's
// /usr/bin/chromium) and prints what a person would see, as JSON:
//   node view_check.js PAGE.html SEARCH_TERM TYPE_TO_HIDE SYSTEM_NAME|- [SCREENSHOT.png]
// It records console errors, page errors and every request other than the page itself,
// the first screen's labels (how many, cluster names, overlaps), and, for the entity the
// search selects and each of its neighbours, what a person sees: circle and label drawn
// in the viewport, their size, opacity, whether anything is drawn over them, and where
// the edges end (the arrowhead's tip against the target's circle) and how large the
// arrowheads are. With SHOTS=PREFIX it also
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
    // Two frames: what was drawn has been painted (a screenshot taken sooner can show
    // tiles not yet painted).
    const painted = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await painted();
    if (shots) await page.screenshot({ path: `${shots}-first.png` });
    // The labels a person sees on the first screen (node names and cluster names), and
    // how many pairs of them overlap.
    result.first_screen = await page.evaluate(() => {
      const shown = [...document.querySelectorAll('g.node text, text.cluster')].map((t) => {
        const b = t.getBoundingClientRect();
        return { t, b, cluster: t.classList.contains('cluster') };
      }).filter(({ t, b }) => getComputedStyle(t).display !== 'none' && b.width > 0
        && b.right > 320 && b.left < innerWidth && b.bottom > 0 && b.top < innerHeight);
      const overlaps = [];
      for (let a = 0; a < shown.length; a++) for (let c = a + 1; c < shown.length; c++) {
        const p = shown[a].b, q = shown[c].b;
        if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) overlaps.push([shown[a].t.textContent, shown[c].t.textContent]);
      }
      const px = (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
      return {
        labels: shown.filter((x) => !x.cluster).length,
        clusters: shown.filter((x) => x.cluster).map((x) => x.t.textContent),
        smallest_px: Math.min(...shown.map((x) => px(x.t))),
        overlaps,
      };
    });
    result.first_screen_labels = result.first_screen.labels;
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
    await painted();
    if (shots) await page.screenshot({ path: `${shots}-selected.png` });
    // What a person sees of the selected entity and each neighbour: circle and label
    // drawn, in the viewport, at full opacity, not drawn over; the edges' arrowheads.
    result.selected_geometry = await page.evaluate(() => {
      const v = window.archieView;
      const sel = document.querySelector('g.node.sel');
      const i = +sel.dataset.index;
      const inView = (b) => b.width > 0 && b.left >= 320 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight;
      const opacity = (e) => { let o = 1; for (let x = e; x && x.nodeType === 1; x = x.parentNode) o *= +getComputedStyle(x).opacity; return o; };
      const texts = [...document.querySelectorAll('g.node text, text.cluster')]
        .filter((t) => getComputedStyle(t).display !== 'none' && opacity(t) > 0.5);
      const seen = (g) => {
        const text = g.querySelector('text'), circle = g.querySelector('circle:not(.ring)');
        const tb = text.getBoundingClientRect(), cb = circle.getBoundingClientRect();
        const hit = document.elementFromPoint((cb.left + cb.right) / 2, (cb.top + cb.bottom) / 2);
        // Labels drawn after this one (so over it) that overlap it.
        const over = texts.filter((t) => t !== text && (text.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING))
          .filter((t) => { const b = t.getBoundingClientRect(); return tb.left < b.right && b.left < tb.right && tb.top < b.bottom && b.top < tb.bottom; })
          .map((t) => t.textContent);
        return {
          name: g.dataset.name,
          label: getComputedStyle(text).display !== 'none' ? text.textContent : null,
          label_px: parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a,
          label_in_view: inView(tb),
          label_covered_by: over,
          circle_px: cb.width,
          circle_in_view: inView(cb),
          // What is drawn at the circle's centre is the circle (or its group).
          circle_on_top: hit !== null && g.contains(hit),
          opacity: opacity(text) * opacity(circle) / opacity(g),
        };
      };
      const ring = sel.querySelector('circle.ring');
      const neighbours = new Set();
      const edges = [...document.querySelectorAll('line.edge')]
        .filter((l) => +l.dataset.from === i || +l.dataset.to === i)
        .map((l) => {
          const from = +l.dataset.from, to = +l.dataset.to;
          neighbours.add(from === i ? to : from);
          const scale = l.getScreenCTM().a;
          const [cx, cy] = v.pos[to];
          const x2 = +l.getAttribute('x2'), y2 = +l.getAttribute('y2');
          const marker = document.querySelector(l.getAttribute('marker-end').slice(4, -1));
          const user = marker.getAttribute('markerUnits') === 'userSpaceOnUse';
          const width = parseFloat(getComputedStyle(l).strokeWidth);
          return {
            from: v.nodes[from].n,
            to: v.nodes[to].n,
            marker: l.getAttribute('marker-end'),
            above_the_rest: l.parentNode.id === 'top-edges',
            opacity: opacity(l) * +getComputedStyle(l).strokeOpacity,
            // The tip's distance from the target circle's edge, in screen pixels.
            tip_gap_px: (Math.hypot(x2 - cx, y2 - cy) - v.rad(to)) * scale,
            arrow_px: +marker.getAttribute('markerWidth') * (user ? 1 : width) * scale,
          };
        });
      return {
        selected: seen(sel),
        ring_px: ring ? ring.getBoundingClientRect().width : 0,
        ring_colour: ring ? getComputedStyle(ring).stroke : null,
        neighbours: [...neighbours].map((j) => seen(document.querySelector(`g.node[data-index="${j}"]`))),
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
