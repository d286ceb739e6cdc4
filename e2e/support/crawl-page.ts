// What the button crawl (e2e/button-crawl.spec.ts) runs inside the page, installed before the
// app's own scripts. It is plain JavaScript in a string: this project's Node typecheck has no DOM
// library. It counts what a click may do (DOM changes, requests, prints), lists the controls worth
// clicking, and measures touch targets.

export const CRAWL_PAGE_SCRIPT = `(() => {
  const state = { mutations: 0, requests: 0, prints: 0, pending: 0 };
  new MutationObserver((records) => { state.mutations += records.length; })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const fetch0 = window.fetch;
  window.fetch = function (...args) {
    state.requests += 1;
    state.pending += 1;
    return fetch0.apply(this, args).finally(() => { state.pending -= 1; });
  };
  const open0 = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (...args) { state.requests += 1; return open0.apply(this, args); };
  window.print = () => { state.prints += 1; };

  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const nameOf = (el) =>
    (el.getAttribute('aria-label') || el.textContent || el.getAttribute('title') || el.getAttribute('name') || '')
      .replace(/\\s+/g, ' ')
      .trim();

  window.__crawl = {
    idle: () => state.pending === 0,
    /** The counters once the current task's renders and effects have run. */
    probe: () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve({ ...state, url: location.href }), 0)),
      ),
    /** Goes to \`path\` inside the app as its own links do: no reload. */
    go(path) {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    /**
     * axe-core's color-contrast rule (WCAG AA) over the page: each failing text, with its colours.
     * A text the colour of its background (1:1) axe leaves "incomplete", guessing it is meant to
     * be hidden; on a staff screen it is a label nobody can read (the red buttons), so it fails.
     */
    async contrast() {
      const result = await window.axe.run(document, { runOnly: ['color-contrast'] });
      const invisible = (node) => node.any.some((check) => check.data && check.data.messageKey === 'equalRatio');
      const failing = [
        ...result.violations.flatMap((rule) => rule.nodes),
        ...result.incomplete.flatMap((rule) => rule.nodes.filter(invisible)),
      ];
      return failing.map((node) => {
        const d = (node.any[0] && node.any[0].data) || {};
        return d.contrastRatio + ' (' + d.fgColor + ' on ' + d.bgColor + ') at ' + node.target.join(' ') +
          " '" + (node.html || '').slice(0, 80) + "'";
      });
    },
    controls(scope, selector, skip, inDialog) {
      const skipRe = new RegExp(skip, 'i');
      const all = [...document.querySelectorAll(scope)].flatMap((r) => [...r.querySelectorAll(selector)]);
      const out = [];
      all.forEach((el, index) => {
        if (!visible(el) || el.disabled || el.getAttribute('aria-disabled') === 'true') return;
        // A floor's tables and decor are drawn items, selected by a tap (the floor's own tests tap
        // them); many sit beyond the canvas's view until it is panned. Their size still counts.
        if (el.closest('.floor-canvas')) return;
        if (el.getAttribute('aria-current') === 'page' || el.getAttribute('aria-selected') === 'true') return;
        if (el.getAttribute('aria-pressed') === 'true' || el.classList.contains('active')) return;
        if (el instanceof HTMLAnchorElement) {
          if (el.target === '_blank' || el.hasAttribute('download') || el.origin !== location.origin) return;
        }
        // A dialog's commit (a confirmation's primary button) is left alone; a form's submit is
        // clicked, its fields empty, for the form's refusal.
        if (inDialog && el.matches('.primary, .danger, .destructive') && !(el.type === 'submit' && el.form)) return;
        const label = nameOf(el);
        if (skipRe.test(label)) return;
        const testId = el.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
        // A row's repeated buttons share a key: the tag, the role, the words (digits folded), the test id.
        const key = [el.tagName, el.getAttribute('role') ?? '', label.replace(/\\d+/g, '#'), testId].join('|');
        out.push({ key, label: label || '<' + el.tagName.toLowerCase() + '>', index });
      });
      return out;
    },
    /**
     * What shows that a click went wrong though nothing threw: the staff app's or the guest
     * site's 404 page, or a failed call shown as raw text (JSON, a status code, a JS value).
     */
    broken() {
      if (document.querySelector('.not-found, [data-testid="not-found"]')) return 'the 404 page';
      const text = document.body ? document.body.innerText : '';
      const raw = text.match(
        /\\[object Object\\]|\\bundefined\\b|\\bNaN\\b|\\{"\\w+":|Failed to fetch|Unexpected token|Request failed|status code \\d{3}|HTTP \\d{3}|Internal Server Error|TypeError|SyntaxError/,
      );
      return raw ? 'raw text on screen: ' + JSON.stringify(raw[0]) : null;
    },
    smallTargets(min) {
      const out = [];
      const els = document.querySelectorAll(
        'button, a[href], select, input:not([type="hidden"]), textarea, [role="button"], [role="tab"], [role="switch"]',
      );
      for (const el of els) {
        // A check box or radio is as big as its label.
        const target =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.closest('label') ?? el : el;
        if (!visible(target)) continue;
        // A floor's zones and decor are drawn to the room's scale, which is their point (WCAG 2.5.8,
        // essential); a table is a target and is held to 44 px.
        const drawn = el.closest('.floor-canvas [data-kind]');
        if (drawn && drawn.getAttribute('data-kind') !== 'table') continue;
        // A link inside a sentence is exempt (WCAG 2.5.8, inline).
        if (el instanceof HTMLAnchorElement && el.closest('p') && el.classList.length === 0) continue;
        const box = target.getBoundingClientRect();
        if (box.width + 0.5 < min || box.height + 0.5 < min) {
          const cls = typeof target.className === 'string' && target.className ? '.' + target.className.split(' ')[0] : '';
          out.push(target.tagName.toLowerCase() + cls + " '" + nameOf(el).slice(0, 40) + "' " +
            Math.round(box.width) + 'x' + Math.round(box.height));
        }
      }
      return [...new Set(out)];
    },
  };
})();`;

export interface Probe {
  mutations: number;
  requests: number;
  prints: number;
  url: string;
}

export interface Control {
  key: string;
  label: string;
  index: number;
}

/** window.__crawl, as the spec calls it through page.evaluate. */
export interface CrawlKit {
  idle(): boolean;
  go(path: string): void;
  contrast(): Promise<string[]>;
  probe(): Promise<Probe>;
  controls(scope: string, selector: string, skip: string, inDialog?: boolean): Control[];
  broken(): string | null;
  smallTargets(min: number): string[];
}
