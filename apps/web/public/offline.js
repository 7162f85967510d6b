// The offline page's text in the member's language (the site stores it in localStorage `lang`,
// BN when unset) and its retry button, which reloads the page the member asked for.
(() => {
  const TEXT = {
    BN: {
      title: 'আপনি অফলাইনে আছেন',
      body: 'ইন্টারনেট সংযোগ নেই। সংযোগ ফিরে এলে আবার চেষ্টা করুন।',
      retry: 'আবার চেষ্টা করুন',
    },
    EN: {
      title: 'You are offline',
      body: 'There is no internet connection. Try again when you are back online.',
      retry: 'Try again',
    },
    SW: {
      title: 'Uko nje ya mtandao',
      body: 'Hakuna muunganisho wa intaneti. Jaribu tena ukirudi mtandaoni.',
      retry: 'Jaribu tena',
    },
  };
  let language = 'BN';
  try {
    const stored = (localStorage.getItem('lang') || localStorage.getItem('hisLang') || '').toUpperCase();
    if (stored in TEXT) language = stored;
  } catch {
    // Storage blocked: the default language stays.
  }
  document.documentElement.lang = language.toLowerCase();
  const text = TEXT[language];
  document.title = `${text.title} · Kismat`;
  for (const element of document.querySelectorAll('[data-text]')) {
    const key = element.getAttribute('data-text');
    if (key && key in text) element.textContent = text[key];
  }
  const retry = document.querySelector('[data-retry]');
  if (retry) retry.addEventListener('click', () => window.location.reload());
  // Back online: try the page again without waiting for a tap.
  window.addEventListener('online', () => window.location.reload());
  // Shown although the browser says it is online (the page's request failed on a network that is
  // just coming back, so no 'online' event will follow): try again by itself, 2, 4, 8 ... up to 30 s
  // apart (the count kept for this tab a minute, so a later outage starts again at 2 s).
  if (navigator.onLine) {
    let attempt = 0;
    try {
      const last = JSON.parse(sessionStorage.getItem('offlineRetry') || 'null');
      if (last && Date.now() - last.at < 60_000) attempt = last.attempt + 1;
      sessionStorage.setItem('offlineRetry', JSON.stringify({ attempt, at: Date.now() }));
    } catch {
      // Storage blocked: every retry waits the first delay.
    }
    setTimeout(() => window.location.reload(), Math.min(30_000, 2_000 * 2 ** attempt));
  }
})();
