// DEMO vendor dice client: plain JS, no build step. It talks only to the demo vendor's backend
// (/demo-vendor/api/*), which plays the vendor side against the platform's seamless wallet API.
(() => {
  var params = new URLSearchParams(location.search);
  var state = { vendor: params.get('vendor') || '', token: params.get('token') || '', session: null };
  var $ = (id) => document.getElementById(id);
  $('title').textContent = `Dice · ${params.get('game') || ''} · ${state.vendor} (DEMO)`;

  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) =>
      response.json(),
    );
  }
  var isFunMode = params.get('mode') === 'fun';
  function showFunMode() {
    $('fun-label').hidden = false;
    $('balance-label').textContent = 'Play money:';
    $('subtitle').textContent = 'Free trial with play money. Nothing you win or lose here touches your real balance.';
  }
  if (isFunMode) showFunMode();
  function showBalance(balance) {
    $('balance').textContent = balance;
    // The site's header listens for this and refreshes the member's balance; play money is not that balance.
    if (window.parent !== window && !isFunMode) window.parent.postMessage({ type: 'kismat:balance-changed', balance: balance }, '*');
  }
  function updateTarget() {
    var target = Number($('target').value);
    $('target-value').textContent = String(target);
    $('multiplier').textContent = (99 / (target - 1)).toFixed(2);
  }
  $('target').addEventListener('input', updateTarget);
  updateTarget();

  post('/demo-vendor/api/session', { token: state.token, vendor: state.vendor }).then((answer) => {
    if (!answer.success) {
      $('message').textContent = answer.message;
      $('message').className = 'error';
      return;
    }
    state.session = answer.value;
    // The wallet's answer is what counts: a launch is fun mode because the platform says so.
    if (answer.value.isFunMode && !isFunMode) {
      isFunMode = true;
      showFunMode();
    }
    $('currency').textContent = answer.value.currency;
    showBalance(answer.value.balance);
    $('roll').disabled = false;
  });

  $('roll').addEventListener('click', () => {
    if (!state.session) return;
    $('roll').disabled = true;
    $('message').textContent = '';
    post('/demo-vendor/api/roll', {
      sessionId: state.session.sessionId,
      user: state.session.user,
      vendor: state.vendor,
      gameCode: state.session.gameCode,
      currency: state.session.currency,
      amount: $('amount').value,
      target: Number($('target').value),
    }).then(
      (answer) => {
        $('roll').disabled = false;
        if (!answer.success) {
          $('message').textContent = answer.message;
          $('message').className = 'error';
          return;
        }
        var round = answer.value;
        showBalance(round.balance);
        if (round.status !== 'RS_OK') {
          $('message').textContent = round.status;
          $('message').className = 'error';
          return;
        }
        $('result').textContent = String(round.roll);
        $('result').className = `roll ${round.isWin ? 'win' : 'lose'}`;
        $('message').textContent = round.isWin ? `You win ${round.payout}` : 'No win this time';
        $('message').className = round.isWin ? 'win' : 'lose';
      },
      () => {
        $('roll').disabled = false;
        $('message').textContent = 'Network error';
      },
    );
  });
})();
