/*
 * /docs: "Authorize" and "Try it" on the server-rendered reference. Each operation's section names
 * its method, path, parameters and example body in a data-try attribute; this adds a form that
 * calls the API from the page's own origin (the CSP allows no other) and shows the answer. The key
 * stays in this tab (sessionStorage). Everything shown is set as text, never as HTML. Plain ES2017.
 */
(() => {
  var KEY = 'launchdeck-api-key';
  var token = '';
  try {
    token = sessionStorage.getItem(KEY) || '';
  } catch (_e) {
    token = '';
  }

  var auth = document.getElementById('ref-auth');
  if (auth) {
    var keyInput = document.getElementById('ref-key');
    var authStatus = document.getElementById('ref-auth-status');
    // Shown from the start (nothing moves as the script arrives), usable once it has.
    auth.querySelector('fieldset').disabled = false;
    if (token) {
      keyInput.value = token;
      authStatus.textContent = 'Authorized: the calls below send this key.';
    }
    auth.addEventListener('submit', (event) => {
      event.preventDefault();
      token = keyInput.value.trim();
      try {
        if (token) sessionStorage.setItem(KEY, token);
        else sessionStorage.removeItem(KEY);
      } catch (_e) {
        /* private mode: the key lives in memory only */
      }
      authStatus.textContent = token ? 'Authorized: the calls below send this key.' : 'No key: calls are anonymous.';
    });
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs || {}) node.setAttribute(name, attrs[name]);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pretty(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch (_e) {
      return text;
    }
  }

  function tryForm(section, spec) {
    var id = section.id;
    var details = el('details', { class: 'ref-try' });
    details.appendChild(el('summary', {}, 'Try it'));
    var form = el('form', { novalidate: '' });
    var fields = [];
    spec.params.forEach((p) => {
      var inputId = `${id}-${p.in}-${p.name}`;
      var label = el('label', { for: inputId }, `${p.name} (${p.in}${p.required ? ', required' : ''})`);
      var input = el('input', { id: inputId, name: p.name, autocomplete: 'off', spellcheck: 'false' });
      form.appendChild(label);
      form.appendChild(input);
      fields.push({ spec: p, input: input });
    });
    var body = null;
    if (spec.body !== null) {
      var bodyId = `${id}-body`;
      form.appendChild(el('label', { for: bodyId }, 'Request body (JSON)'));
      body = el('textarea', {
        id: bodyId,
        rows: String(Math.min(14, spec.body.split('\n').length + 1)),
        spellcheck: 'false',
      });
      body.value = spec.body;
      form.appendChild(body);
    }
    if (spec.auth)
      form.appendChild(
        el('p', { class: 'muted small' }, 'Needs an API key with the scope above: authorize at the top of the page.'),
      );
    form.appendChild(el('button', { type: 'submit' }, `Send ${spec.method}`));
    var result = el('div', { class: 'ref-result', role: 'status', 'aria-live': 'polite' });
    form.appendChild(result);
    details.appendChild(form);

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      result.textContent = '';
      var missing = fields.filter((f) => f.spec.required && !f.input.value.trim());
      if (missing.length) {
        result.appendChild(
          el('p', { class: 'ref-status-line' }, `Fill in ${missing.map((f) => f.spec.name).join(', ')}.`),
        );
        missing[0].input.focus();
        return;
      }
      var path = spec.path;
      var query = [];
      fields.forEach((f) => {
        var value = f.input.value.trim();
        if (f.spec.in === 'path') path = path.replace(`{${f.spec.name}}`, encodeURIComponent(value));
        else if (value && f.spec.in === 'query')
          query.push(`${encodeURIComponent(f.spec.name)}=${encodeURIComponent(value)}`);
      });
      var headers = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      var init = { method: spec.method, headers: headers };
      if (body) {
        try {
          JSON.parse(body.value);
        } catch (e) {
          result.appendChild(el('p', { class: 'ref-status-line' }, `The body is not JSON: ${e.message}`));
          body.focus();
          return;
        }
        headers['content-type'] = 'application/json';
        init.body = body.value;
      }
      var url = location.origin + path + (query.length ? `?${query.join('&')}` : '');
      var started = performance.now();
      result.appendChild(el('p', { class: 'ref-status-line' }, `Sending ${spec.method} ${path}…`));
      fetch(url, init)
        .then((res) =>
          res.text().then((text) => {
            result.textContent = '';
            var line = el('p', { class: 'ref-status-line' });
            line.appendChild(el('strong', {}, `${res.status} ${res.statusText}`));
            line.appendChild(document.createTextNode(` in ${Math.round(performance.now() - started)} ms`));
            result.appendChild(line);
            result.appendChild(el('pre', { class: 'ref-example', tabindex: '0' }, pretty(text)));
          }),
        )
        .catch((e) => {
          result.textContent = '';
          result.appendChild(el('p', { class: 'ref-status-line' }, `The request failed: ${e.message}`));
        });
    });
    return details;
  }

  // An answer's fields live on a page of their own (they are half the reference): shown in place when opened.
  var answers = document.querySelectorAll('details.ref-response[data-src]');
  for (var a = 0; a < answers.length; a++) {
    answers[a].addEventListener('toggle', function onToggle() {
      if (!this.open || this.getAttribute('data-loaded')) return;
      this.setAttribute('data-loaded', 'loading');
      fetch(this.getAttribute('data-src'), { headers: { accept: 'text/html' } })
        .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
        .then((text) => {
          var fields = new DOMParser().parseFromString(text, 'text/html').querySelector('.ref-response-fields');
          var link = this.querySelector('p');
          if (fields && link) this.replaceChild(document.importNode(fields, true), link);
          this.setAttribute('data-loaded', 'yes');
        })
        .catch(() => {
          this.removeAttribute('data-loaded');
        });
    });
  }

  var sections = document.querySelectorAll('section[data-try]');
  for (var i = 0; i < sections.length; i++) {
    var spec;
    try {
      spec = JSON.parse(sections[i].getAttribute('data-try'));
    } catch (_e) {
      continue;
    }
    sections[i].appendChild(tryForm(sections[i], spec));
  }
})();
