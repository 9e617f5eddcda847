/*
 * /docs: starts Swagger UI (swagger-ui-dist, served from our own origin) on the element
 * #swagger-ui, which names the OpenAPI document and the API's documented base URL in data
 * attributes. A static file because the site's CSP runs no inline script. Plain ES2017, no modules.
 */
(() => {
  var root = document.getElementById('swagger-ui');
  if (!root || typeof window.SwaggerUIBundle !== 'function') return;
  var specUrl = root.getAttribute('data-openapi-url') || '/api/v1/openapi.json';
  var documentedBase = root.getAttribute('data-api-base') || '';

  // Swagger UI's own dark theme (html.dark-mode rules in swagger-ui.css) follows the visitor's
  // colour scheme, as the rest of the site does; api-reference.css aligns it with our colours.
  var dark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function applyScheme() {
    document.documentElement.classList.toggle('dark-mode', !!dark?.matches);
  }
  applyScheme();
  if (dark?.addEventListener) dark.addEventListener('change', applyScheme);

  /**
   * "Try it out" always calls the origin this page came from. The document's server is PUBLIC_URL;
   * when the site is opened under another address (localhost vs 127.0.0.1, a preview host) a call
   * there would be cross-origin, which the CSP (connect-src 'self') refuses.
   */
  var documentedOrigin = '';
  try {
    documentedOrigin = documentedBase ? new URL(documentedBase, location.href).origin : '';
  } catch (_e) {
    documentedOrigin = '';
  }
  function sameOrigin(req) {
    if (
      documentedOrigin &&
      documentedOrigin !== location.origin &&
      typeof req.url === 'string' &&
      req.url.indexOf(documentedBase) === 0
    ) {
      req.url = location.origin + req.url.slice(documentedOrigin.length);
    }
    return req;
  }

  /**
   * Links to an operation: Swagger UI's own (#/<tag>/<operationId>) and the old reference's
   * (#op-<operationId>). The hash is taken away before Swagger UI starts, which would otherwise
   * log an error for every operationId with an underscore (all of ours), and applied once the
   * document is loaded: the operation opens and scrolls into view.
   */
  var initialHash = /^#(op-[A-Za-z0-9_]+|\/[^/]+(\/[^/]+)?)$/.test(location.hash) ? location.hash : '';
  if (initialHash) history.replaceState(null, '', location.pathname + location.search);
  function openInitialHash(ui) {
    if (!initialHash) return;
    var hash = initialHash;
    initialHash = '';
    var tag = '';
    var id = '';
    if (hash.indexOf('#op-') === 0) {
      id = hash.slice(4);
      var paths = ui.specSelectors.specJson().toJS()?.paths || {};
      for (var path in paths) {
        for (var method in paths[path]) {
          var op = paths[path][method];
          if (op && op.operationId === id) tag = op.tags?.[0] || 'default';
        }
      }
      if (!tag) return;
    } else {
      var parts = hash.slice(2).split('/');
      try {
        tag = decodeURIComponent(parts[0]);
        id = parts[1] ? decodeURIComponent(parts[1]) : '';
      } catch (_e) {
        return;
      }
    }
    history.replaceState(null, '', `#/${encodeURIComponent(tag)}${id ? `/${encodeURIComponent(id)}` : ''}`);
    ui.layoutActions.show(['operations-tag', tag], true);
    if (id) ui.layoutActions.show(['operations', tag, id], true);
    // Swagger UI's element ids write spaces as underscores.
    var target = id ? `operations-${tag.replace(/\s/g, '_')}-${id}` : `operations-tag-${tag.replace(/\s/g, '_')}`;
    setTimeout(() => {
      var el = document.getElementById(target);
      if (el) el.scrollIntoView({ block: 'start' });
    }, 0);
  }

  /**
   * Swagger UI fitted to our page: its BaseLayout repeats the title block we already show, offers a
   * one-entry server picker without an accessible name and wraps the operations in a second <main>;
   * this layout keeps the Authorize button and the operations. Operation paths are plain text, not
   * links nested in the expand button (deep links still work: the address follows what is open).
   */
  function ReferencePlugin(system) {
    var h = system.React.createElement;
    function ReferenceLayout(props) {
      var getComponent = props.getComponent;
      var spec = props.specSelectors;
      var Errors = getComponent('errors', true);
      var status = spec.loadingStatus();
      if (status === 'failed' || status === 'failedConfig') {
        return h(
          'div',
          { className: 'swagger-ui' },
          h(
            'p',
            { className: 'api-status', role: 'alert' },
            'The API description could not be loaded; it is at ',
            h('a', { href: specUrl }, specUrl),
            '.',
          ),
          h(Errors),
        );
      }
      if (!spec.specStr())
        return h(
          'div',
          { className: 'swagger-ui' },
          h('p', { className: 'api-status', role: 'status' }, 'Loading the API description…'),
        );
      var SvgAssets = getComponent('SvgAssets');
      var AuthorizeBtnContainer = getComponent('AuthorizeBtnContainer', true);
      var Operations = getComponent('operations', true);
      return h(
        'div',
        { className: 'swagger-ui' },
        h(SvgAssets),
        h(Errors),
        spec.securityDefinitions() ? h('div', { className: 'scheme-container' }, h(AuthorizeBtnContainer)) : null,
        h('div', { id: 'operations' }, h(Operations)),
      );
    }
    function PlainDeepLink(props) {
      return h('span', null, props.text);
    }
    return { components: { ReferenceLayout: ReferenceLayout, DeepLink: PlainDeepLink } };
  }

  /**
   * What Swagger UI leaves unnamed or unreachable, fixed as it renders: parameter fields (a
   * boolean's <select>, array items) get the parameter's name, and scrolling code blocks (examples,
   * responses) become focusable so a keyboard can scroll them.
   */
  function patchAccessibility() {
    var rows = root.querySelectorAll('tr[data-param-name]');
    for (var i = 0; i < rows.length; i++) {
      var name = `${rows[i].getAttribute('data-param-name')} (${rows[i].getAttribute('data-param-in')})`;
      var fields = rows[i].querySelectorAll(
        '.parameters-col_description select, .parameters-col_description input, .parameters-col_description textarea',
      );
      for (var j = 0; j < fields.length; j++)
        if (!fields[j].hasAttribute('aria-label')) fields[j].setAttribute('aria-label', name);
    }
    var blocks = root.querySelectorAll('pre.microlight:not([tabindex])');
    for (var k = 0; k < blocks.length; k++) blocks[k].setAttribute('tabindex', '0');
    // The key field's visible label ("Value:") names it, not its id repeated as an aria-label.
    var labelled = root.querySelectorAll('input[aria-label][id]');
    for (var l = 0; l < labelled.length; l++) {
      if (labelled[l].getAttribute('aria-label') === labelled[l].id && labelled[l].labels && labelled[l].labels.length)
        labelled[l].removeAttribute('aria-label');
    }
    // Schema accordions are icon-only buttons: they take the schema's title, or "Schema".
    var toggles = root.querySelectorAll('button.json-schema-2020-12-accordion:not([aria-label])');
    for (var t = 0; t < toggles.length; t++) {
      if (toggles[t].textContent.trim()) continue;
      var head = toggles[t].closest('.json-schema-2020-12-head');
      var title = head?.querySelector('.json-schema-2020-12__title');
      toggles[t].setAttribute('aria-label', title?.textContent.trim() || 'Schema');
    }
    var bodies = root.querySelectorAll('textarea.body-param__text:not([aria-label])');
    for (var r = 0; r < bodies.length; r++) bodies[r].setAttribute('aria-label', 'Request body');
    var closers = root.querySelectorAll('.close-modal:not([aria-label])');
    for (var c = 0; c < closers.length; c++) closers[c].setAttribute('aria-label', 'Close');
    // A button's name must contain the words it shows ("Authorize", not "Apply credentials"), so
    // voice control users can say what they see.
    var buttons = root.querySelectorAll('button[aria-label]');
    for (var b = 0; b < buttons.length; b++) {
      var text = buttons[b].textContent.trim();
      if (text && buttons[b].getAttribute('aria-label').toLowerCase().indexOf(text.toLowerCase()) < 0)
        buttons[b].removeAttribute('aria-label');
    }
  }
  if (window.MutationObserver)
    new MutationObserver(patchAccessibility).observe(root, { childList: true, subtree: true });

  var ui = window.SwaggerUIBundle({
    url: specUrl,
    dom_id: '#swagger-ui',
    // Only the API part: no top bar (that is the standalone preset); our page has its own header.
    presets: [window.SwaggerUIBundle.presets.apis],
    plugins: [ReferencePlugin],
    layout: 'ReferenceLayout',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    // Never send the document to validator.swagger.io (nor load its badge).
    validatorUrl: null,
    // A pasted API key lives in memory only, never in localStorage.
    persistAuthorization: false,
    requestInterceptor: sameOrigin,
    onComplete: () => {
      openInitialHash(ui);
    },
  });
  window.ui = ui;
})();
