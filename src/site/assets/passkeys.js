// Passkeys: signing in (the button, and the browser's autofill on the email field where it offers
// passkeys), signing up with a passkey alone, and adding one on the account page. The server does
// every check; this only carries its options to the browser's WebAuthn API and the answer back.
// Without WebAuthn the passkey buttons stay hidden and the page's other ways in work as they are.
(() => {
  if (!window.PublicKeyCredential || !navigator.credentials) return;

  const toBytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const toText = (buf) => {
    let s = '';
    for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const withIds = (list) => (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));

  const creationOptions = (o) => ({
    ...o,
    challenge: toBytes(o.challenge),
    user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: withIds(o.excludeCredentials),
  });
  const requestOptions = (o) => ({ ...o, challenge: toBytes(o.challenge), allowCredentials: withIds(o.allowCredentials) });

  const answer = (cred) => {
    const r = cred.response;
    const response = { clientDataJSON: toText(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = toText(r.attestationObject);
      response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      response.authenticatorData = toText(r.authenticatorData);
      response.signature = toText(r.signature);
      if (r.userHandle) response.userHandle = toText(r.userHandle);
    }
    return {
      id: cred.id,
      rawId: toText(cred.rawId),
      type: cred.type,
      response,
      clientExtensionResults: cred.getClientExtensionResults(),
      authenticatorAttachment: cred.authenticatorAttachment || undefined,
    };
  };

  // Our JSON endpoints: the CSRF token travels in a header, the answer is JSON whatever happened.
  const post = async (url, body, csrf) => {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'csrf-token': csrf, accept: 'application/json' },
      body: JSON.stringify(body),
    });
    let data = {};
    try {
      data = await res.json();
    } catch {}
    return { ok: res.ok, data };
  };

  const say = (status, text) => {
    if (status) status.textContent = text;
  };
  // What a refused or dismissed browser prompt means to the person.
  const promptFailed = (err) =>
    err && err.name === 'NotAllowedError'
      ? 'The passkey prompt was closed or timed out.'
      : err && err.name === 'InvalidStateError'
        ? 'This device already has a passkey for this account.'
        : 'This browser could not use a passkey here.';

  // Signing in: the button, and autofill (conditional mediation) where the browser offers it.
  for (const block of document.querySelectorAll('[data-passkey-signin]')) {
    const csrf = block.querySelector('input[name="_csrf"]').value;
    const next = block.dataset.next;
    const status = block.querySelector('[data-passkey-status]');
    let autofill = null;

    const finish = async (cred) => {
      const r = await post('/signin/passkey', { response: answer(cred), next }, csrf);
      if (r.ok && r.data.redirect) {
        location.assign(r.data.redirect);
        return;
      }
      // A passkey this site no longer knows: ask the password manager to forget it, where it can.
      if (r.data.unknownCredential && PublicKeyCredential.signalUnknownCredential)
        PublicKeyCredential.signalUnknownCredential({ rpId: r.data.rpId, credentialId: cred.id }).catch(() => {});
      say(status, r.data.message || 'Signing in with the passkey did not work. Try again.');
    };

    const ask = async (mediation) => {
      const r = await post('/signin/passkey/options', {}, csrf);
      if (!r.ok) throw new Error(r.data.message || 'options');
      const request = { publicKey: requestOptions(r.data.options) };
      if (mediation) {
        autofill = new AbortController();
        request.mediation = mediation;
        request.signal = autofill.signal;
      }
      return navigator.credentials.get(request);
    };

    block.hidden = false;
    block.querySelector('button').addEventListener('click', async () => {
      if (autofill) autofill.abort();
      autofill = null;
      say(status, 'Follow your browser’s prompt to use your passkey…');
      try {
        const cred = await ask(null);
        if (cred) await finish(cred);
      } catch (err) {
        say(status, promptFailed(err));
      }
    });

    const field = document.querySelector('input[autocomplete~="webauthn"]');
    if (field && PublicKeyCredential.isConditionalMediationAvailable) {
      PublicKeyCredential.isConditionalMediationAvailable().then(async (available) => {
        if (!available) return;
        try {
          const cred = await ask('conditional');
          if (cred) await finish(cred);
        } catch {
          // Aborted for the button, or dismissed: the button and the form are still there.
        }
      });
    }
  }

  // Signing up with a passkey alone: the form's email and name, then a new passkey.
  for (const button of document.querySelectorAll('[data-passkey-signup]')) {
    const form = button.form;
    const status = form.querySelector('[data-passkey-status]');
    const field = (name) => form.elements.namedItem(name);
    button.hidden = false;
    button.addEventListener('click', async () => {
      const email = field('email');
      if (!email.reportValidity()) return;
      const csrf = field('_csrf').value;
      const next = field('next') ? field('next').value : undefined;
      say(status, 'Follow your browser’s prompt to create a passkey…');
      try {
        const r = await post('/signup/passkey/options', { email: email.value, name: field('name').value, next }, csrf);
        if (!r.ok) {
          say(status, r.data.message || 'Signing up with a passkey did not work.');
          return;
        }
        const cred = await navigator.credentials.create({ publicKey: creationOptions(r.data.options) });
        const done = await post('/signup/passkey', { response: answer(cred) }, csrf);
        if (done.ok && done.data.redirect) location.assign(done.data.redirect);
        else say(status, done.data.message || 'Signing up with a passkey did not work.');
      } catch (err) {
        say(status, promptFailed(err));
      }
    });
  }

  // Adding a passkey on the account page.
  for (const form of document.querySelectorAll('form[data-passkey-add]')) {
    const status = form.querySelector('[data-passkey-status]');
    const csrf = form.elements.namedItem('_csrf').value;
    form.hidden = false;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      say(status, 'Follow your browser’s prompt to create a passkey…');
      try {
        const r = await post('/account/passkeys/options', {}, csrf);
        if (!r.ok) throw new Error('options');
        const cred = await navigator.credentials.create({ publicKey: creationOptions(r.data.options) });
        const name = form.elements.namedItem('name').value;
        const done = await post('/account/passkeys', { response: answer(cred), name }, csrf);
        if (done.ok && done.data.redirect) location.assign(done.data.redirect);
        else say(status, done.data.message || 'Adding the passkey did not work.');
      } catch (err) {
        say(status, promptFailed(err));
      }
    });
  }
})();
