// Votes without leaving the page: the vote form is posted with fetch and the button updated in
// place. Any answer other than a vote result (signed out, email not confirmed, too many votes)
// falls back to the ordinary form post, which shows the page that explains it.
document.addEventListener('submit', async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('form[data-vote]')) return;
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  try {
    const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { accept: 'application/json' }, credentials: 'same-origin' });
    const result = res.ok ? await res.json() : null;
    if (!result) { form.submit(); return; }
    const slug = form.dataset.vote;
    form.action = `/p/${slug}/${result.voted ? 'unvote' : 'vote'}`;
    button.classList.toggle('voted', result.voted);
    button.setAttribute('aria-pressed', String(result.voted));
    const label = form.querySelector('.vote-label');
    if (label) label.textContent = result.voted ? 'Upvoted' : 'Upvote';
    form.querySelector('.vote-count').textContent = String(result.votes);
    const hint = form.querySelector('.vote-hint');
    if (hint) {
      hint.textContent = !result.voted ? 'Vote taken back.'
        : result.held_until ? `Thanks! New accounts' votes count from ${result.held_until.slice(0, 16).replace('T', ' ')} UTC.`
        : result.counted ? 'Press again to take your vote back.' : 'Your vote is recorded but does not count (your own listing, or voided).';
    }
  } catch {
    form.submit();
  } finally {
    button.disabled = false;
  }
});
