// A listing's media section. Screenshots open in a dialog (arrow keys move between them, Escape or
// the close button shut it, focus goes back to the screenshot); demo videos load their player only
// when pressed. Without this file both stay plain links: the full image, the video's own page.
(() => {
  const shots = [...document.querySelectorAll('a[data-shot]')];
  if (shots.length) {
    const dialog = document.createElement('dialog');
    dialog.className = 'lightbox';
    dialog.setAttribute('aria-labelledby', 'lightbox-caption');
    const view = document.createElement('div');
    const caption = document.createElement('p');
    caption.id = 'lightbox-caption';
    const bar = document.createElement('div');
    bar.className = 'lightbox-bar';
    bar.append(caption);
    const button = (label, text, go) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'secondary';
      b.setAttribute('aria-label', label);
      b.textContent = text;
      b.addEventListener('click', go);
      bar.append(b);
      return b;
    };
    let current = 0;
    let opener = null;
    const show = (i) => {
      current = (i + shots.length) % shots.length;
      const shot = shots[current];
      const picture = shot.querySelector('picture').cloneNode(true);
      for (const el of picture.querySelectorAll('source, img')) el.sizes = '100vw';
      const img = picture.querySelector('img');
      img.loading = 'eager';
      view.replaceChildren(picture);
      const text = shot.closest('figure')?.querySelector('figcaption')?.textContent ?? '';
      caption.textContent = `${text || img.alt} (${current + 1} of ${shots.length})`;
    };
    if (shots.length > 1) button('Previous screenshot', '←', () => show(current - 1));
    if (shots.length > 1) button('Next screenshot', '→', () => show(current + 1));
    const close = button('Close', '✕', () => dialog.close());
    close.classList.add('lightbox-close');
    dialog.append(view, bar);
    document.body.append(dialog);
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        show(current + (e.key === 'ArrowLeft' ? -1 : 1));
      }
    });
    // A click on the backdrop (outside the picture and its buttons) closes it too.
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => opener?.focus());
    for (const [i, shot] of shots.entries()) {
      shot.setAttribute('aria-haspopup', 'dialog');
      shot.addEventListener('click', (e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        opener = shot;
        show(i);
        dialog.showModal();
        close.focus();
      });
    }
  }
  for (const poster of document.querySelectorAll('a[data-embed]')) {
    poster.addEventListener('click', (e) => {
      if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      const frame = document.createElement('iframe');
      const url = new URL(poster.dataset.embed);
      url.searchParams.set('autoplay', '1');
      frame.src = url.toString();
      frame.title = poster.dataset.title;
      frame.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
      frame.allowFullscreen = true;
      frame.className = 'video-frame';
      poster.replaceWith(frame);
      frame.focus();
    });
  }
})();
