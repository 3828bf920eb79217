(function(){
  var dirty = 0;  // a form being filled in (since)
  function filling(){ return dirty && Date.now() - dirty < 60000; }
  function main(){ return document.querySelector('main'); }
  function tag(){ return main().getAttribute('data-etag'); }
  var shown = null;  // the page last put in, as markup past its version (data-etag)
  // the markup of each node of <main> as put in, null for one touched since (a tap, a
  // field filled in, the outcome box)
  var parts = null;
  function text_of(n){ return n.nodeType === 1 ? n.outerHTML : n.nodeType + ':' + n.nodeValue; }
  function touched(n){
    var m = main();
    while (n && n.parentNode !== m) n = n.parentNode;
    if (n && parts) parts[Array.prototype.indexOf.call(m.childNodes, n)] = null;
  }
  ['click', 'input', 'change', 'submit'].forEach(function(t){
    document.addEventListener(t, function(ev){ touched(ev.target); }, true); });
  function swap(text, keep){
    // a page that shows what this one shows (another page's tap, a version this page's
    // own tap fetched already): its version taken, nothing drawn again
    var m = text.indexOf('<main'), end = text.lastIndexOf('</main>');
    var same = m < 0 ? null : text.slice(text.indexOf('<title>'), text.indexOf('</title>')) +
      text.slice(text.indexOf('>', m), end);
    var tagged = /^<main data-etag="([^"]*)"/.exec(text.slice(m));
    if (keep && same !== null && same === shown && tagged) {
      main().setAttribute('data-etag', tagged[1]); return; }
    shown = same;
    // parsed without the style sheet and the script (this page has them already)
    var s = text.indexOf('<style>'), e = text.indexOf('</style>', s);
    if (s >= 0 && e > s && end > e) text = text.slice(0, s) + text.slice(e + 8, end + 7);
    var doc = new DOMParser().parseFromString(text, 'text/html');
    var fresh = doc.querySelector('main');
    if (!fresh) return;
    // each node of the new <main> as markup (before the page's state is put into it)
    var markup = Array.prototype.slice.call(fresh.childNodes).map(text_of);
    var into = main(), had = Array.prototype.slice.call(into.childNodes);  // (as they are)
    var old = document.getElementById('outcome'), now = fresh.querySelector('#outcome');
    var moved = null;  // the outcome box kept: moved into the new page
    if (keep && old && now && now.hidden) { now.replaceWith(old); moved = old; }
    var open = {};
    document.querySelectorAll('details[data-group]').forEach(function(d){
      open[d.getAttribute('data-group')] = d.open; });
    fresh.querySelectorAll('details[data-group]').forEach(function(d){
      var k = d.getAttribute('data-group'); if (k in open) d.open = open[k]; });
    var novel = Array.prototype.slice.call(fresh.childNodes), before = waiting();
    if (parts && parts.length === had.length) {
      // only the nodes whose markup changed put in: in order, each new node is an old
      // one kept where one (untouched since it was put in) has its markup, the old ones
      // before it removed; else it is put in.  The others are not drawn again.
      var here = function(n){ return n !== moved && n.parentNode === into; };
      var put = [], j = 0, k;
      for (var i = 0; i < markup.length; i++) {
        for (k = j; k < had.length && !(parts[k] === markup[i] && here(had[k])); k++) {}
        if (k < had.length) {
          for (; j < k; j++) if (here(had[j])) had[j].remove();
          j = k + 1; continue; }
        for (k = j; k < had.length && !here(had[k]); k++) {}
        into.insertBefore(novel[i], k < had.length ? had[k] : null); put.push(novel[i]);
      }
      for (; j < had.length; j++) if (here(had[j])) had[j].remove();
      Array.prototype.slice.call(into.attributes).forEach(function(a){
        if (!fresh.hasAttribute(a.name)) into.removeAttribute(a.name); });
      Array.prototype.slice.call(fresh.attributes).forEach(function(a){
        if (into.getAttribute(a.name) !== a.value) into.setAttribute(a.name, a.value); });
      document.title = doc.title; wire(put);
    } else { into.replaceWith(fresh); document.title = doc.title; wire([document]); }
    parts = markup;
    touched(document.getElementById('outcome'));  // (the outcome box: the script's own)
    if (waiting() > before && navigator.vibrate) {  // a decision arrives: where allowed
      try { navigator.vibrate(200); } catch (e) {}
    }
    awake();
  }
  function waiting(){
    var d = document.getElementById('decisions');
    return d ? +(d.getAttribute('data-waiting') || 0) : 0;
  }
  var lock = null;  // the screen kept awake while something waits (Wake Lock API)
  function awake(){
    if (!('wakeLock' in navigator)) return;
    if (waiting() > 0 && !lock && document.visibilityState === 'visible') {
      navigator.wakeLock.request('screen').then(function(l){ lock = l;
        l.addEventListener('release', function(){ lock = null; }); })
        .catch(function(){});
    } else if (waiting() === 0 && lock) { lock.release().catch(function(){}); lock = null; }
  }
  document.addEventListener('visibilitychange', awake);
  function sums(f){
    var any = false;  // the button waits for every rule listed, not the last one only
    f.querySelectorAll('[data-sum]').forEach(function(p){
      // (a JSON list: a field may be named after a player, "split:Mary Jo")
      var names = JSON.parse(p.getAttribute('data-sum')), total = 0;
      var only = p.getAttribute('data-value');  // count this value only (a plot type)
      names.forEach(function(n){
        f.querySelectorAll('[name="' + CSS.escape(n) + '"]').forEach(function(i){
          // a number counts as itself, a value given (a card, a plot) or ticked as one
          if (i.type === 'checkbox') { if (i.checked) total += 1; return; }
          if (i.type === 'radio' && !i.checked) return;
          if (i.value === '') return;
          if (only !== null) {  // (in a pair given as one value, "10,10": each one)
            total += i.value.split(',').filter(function(x){ return x === only; }).length;
            return; }
          var v = parseInt(i.value, 10);
          total += isNaN(v) ? 1 : Math.max(v, 0);
        });
      });
      var lo = p.getAttribute('data-min'), hi = p.getAttribute('data-max');
      var bad = (lo !== null && total < +lo) || (hi !== null && total > +hi);
      var out = p.querySelector('.sum'); if (out) out.textContent = total;
      p.classList.toggle('warn', bad); any = any || bad;
    });
    // (the form's own button: one that sends a value of its own needs no sum)
    var b = f.querySelector('button[type=submit]:not([formnovalidate])');
    if (b && f.querySelector('[data-sum]')) b.disabled = any;
  }
  function per(f){
    // a deal to each player in one form: each field offers only what the player chosen
    // ("to") holds (their plots, their goods up to what they have), hidden if nothing
    f.querySelectorAll('[data-per]').forEach(function(w){
      var name = w.getAttribute('data-by'), all = JSON.parse(w.getAttribute('data-per'));
      var on = f.querySelector('[name="' + CSS.escape(name) + '"]:checked');
      var mine = on ? all[on.value] : null, show = !on || !!mine;
      // a stepper that starts at the most the choice allows (RIGS to lose): again at
      // each new choice
      var fresh = w.getAttribute('data-start') === 'max' && on &&
        w.getAttribute('data-on') !== on.value;
      if (on) w.setAttribute('data-on', on.value);
      w.hidden = !show;
      w.querySelectorAll('input[type=checkbox]').forEach(function(i){
        var ok = show && (!mine || mine.indexOf(i.value) >= 0);
        i.parentNode.hidden = !ok; i.disabled = !ok; if (!ok) i.checked = false;
      });
      w.querySelectorAll('input[type=number]').forEach(function(i){
        i.disabled = !show; if (!show && i.min !== '') i.value = i.min;
        if (!mine) return;
        if (!w.querySelector('input[name^="_zero:"]')) i.min = mine[0];
        if (mine[1] !== null) i.max = mine[1];
        var v = parseInt(i.value, 10);
        if (!isNaN(v) && i.max !== '' && v > +i.max) i.value = i.max;
        if (fresh && i.max !== '') i.value = i.max;
        var t = w.querySelector('.bounds'); if (t) t.textContent = i.min + '\u2013' + i.max;
      });
      w.querySelectorAll('button.step').forEach(function(b){ b.disabled = !show; });
    });
  }
  function when(f){
    // a field shown only when the choice it follows asks for it (the Karma card a
    // Disaster card makes you draw: only when the card chosen hurts)
    f.querySelectorAll('[data-when]').forEach(function(w){
      var name = w.getAttribute('data-when'), ok = JSON.parse(w.getAttribute('data-if'));
      var on = f.querySelector('[name="' + CSS.escape(name) + '"]:checked, select[name="' +
                               CSS.escape(name) + '"] option:checked');
      var show = !!(on && on.value && ok.indexOf(on.value) >= 0);
      w.hidden = !show;
      w.querySelectorAll('select,input,button').forEach(function(i){
        i.disabled = !show;
        if (i.hasAttribute('data-required')) i.required = show;
      });
    });
  }
  function distinct(f, changed){
    // who received which plot (the Land Grant as the table dealt it): a plot chosen for
    // one player leaves the others' choices, each taking a plot none holds yet
    var name = f.getAttribute('data-distinct');
    if (!name || !changed || changed.name !== name) return;
    var radios = [], places = [];
    f.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach(function(e){
      if (e.type === 'radio') radios.push(e); else places.push(e); });
    if (radios.length) places.push(radios);
    function plot(v){ return (v || '').split('=').slice(1).join('='); }
    function val(p){ if (p === radios) { var on = radios.filter(function(r){
      return r.checked; })[0]; return on ? on.value : ''; } return p.value; }
    function opts(p){ return p === radios ? radios.map(function(r){ return r.value; }) :
      Array.prototype.map.call(p.options, function(o){ return o.value; }).filter(Boolean); }
    function put(p, v){ if (p === radios) radios.forEach(function(r){
      r.checked = r.value === v; }); else p.value = v; }
    var me = changed.type === 'radio' ? radios : changed, mine = plot(val(me));
    if (!mine) return;
    places.forEach(function(p){
      if (p === me || plot(val(p)) !== mine) return;
      var used = places.map(function(q){ return plot(val(q)); });
      put(p, opts(p).filter(function(v){ return used.indexOf(plot(v)) < 0; })[0] || '');
    });
  }
  function wire(roots){  // the forms in ``roots`` (nodes put in) wired
    var forms = [];
    roots.forEach(function(r){
      if (r.nodeType !== 1 && r.nodeType !== 9) return;
      if (r.nodeType === 1 && r.matches('form.act')) forms.push(r);
      r.querySelectorAll('form.act').forEach(function(f){ forms.push(f); });
    });
    forms.forEach(function(f){
      when(f); per(f);
      f.addEventListener('change', function(ev){ dirty = Date.now(); distinct(f, ev.target);
        when(f); per(f); sums(f); });
      f.addEventListener('input', function(){ sums(f); });
      f.querySelectorAll('button.step').forEach(function(b){
        b.addEventListener('click', function(){
          var i = b.parentNode.querySelector('input');
          var v = (parseInt(i.value, 10) || 0) + parseInt(b.getAttribute('data-d'), 10);
          if (i.min !== '' && v < +i.min) v = +i.min;
          if (i.max !== '' && v > +i.max) v = +i.max;
          i.value = v; dirty = Date.now(); sums(f);
        });
      });
      sums(f);
      f.addEventListener('submit', function(ev){
        ev.preventDefault();
        var b = f.querySelector('button[type=submit]'); if (b) b.disabled = true;
        var data = new URLSearchParams(new FormData(f)), s = ev.submitter;
        if (s && s.name) {
          // a button that stands for fields ("Draw it for us") posts its value for them,
          // never beside the form's own choice of them
          JSON.parse(s.getAttribute('data-for') || '[]').concat([s.name]).forEach(
            function(n){ data.delete(n); });
          data.append(s.name, s.value);
        }
        fetch(f.getAttribute('action'), {method: 'POST',
                headers: {'Accept': 'application/json'}, body: data})
          .then(function(r){ return r.json(); })
          .then(function(a){ dirty = 0;
            var q = a.request_id ? '?r=' + encodeURIComponent(a.request_id) : '';
            return fetch(location.pathname + q, {cache: 'no-store'})
              .then(function(p){ return p.text(); })
              .then(function(t){ swap(t, false);
                var box = document.getElementById('outcome');
                if (box && !a.request_id) { box.hidden = false;
                  box.className = 'outcome ' + (a.ok ? 'good' : 'bad');
                  box.textContent = a.ok ? 'Done.' : a.error; }
                if (box && !box.hidden) box.scrollIntoView({block: 'nearest'});
                var n = +(document.body.getAttribute('data-answers') || 0) + 1;
                document.body.setAttribute('data-answers', n); }); })
          .catch(function(){ if (b) b.disabled = false; });
      });
    });
  }
  // a long poll of the page itself: the server holds the request until the game changes
  // (or ~25 s, 304) and answers the new page, so a tap shows on every screen within a
  // second with one request in flight per page
  var wait = location.pathname + '?wait=1', json = document.body.getAttribute('data-json');
  json += (json.indexOf('?') < 0 ? '?' : '&') + 'wait=1';
  function poll(){
    var asked = Date.now(), again = {{ poll_ms }};
    // (while a form is filled in nothing is put in: its JSON asked, not the page)
    fetch(filling() ? json : wait, {headers: {'If-None-Match': '"' + tag() + '"'},
                                    cache: 'no-store'})
      .then(function(r){
        // held and answered "no change": ask again at once (a quick 304 waits a little)
        if (r.status === 304) { if (Date.now() - asked >= 1000) again = 0; return null; }
        if (r.status !== 200 || filling()) return null;
        // shown already (this page's own tap fetched it): not fetched a second time
        if (r.headers.get('ETag') === '"' + tag() + '"') return null;
        if (/html/.test(r.headers.get('Content-Type') || '')) return r.text();
        return fetch(location.pathname, {cache: 'no-store'}).then(function(p){
          return p.ok ? p.text() : null; });
      })
      .then(function(text){ if (text) { swap(text, true); again = 0; } })
      .catch(function(){})
      .then(function(){ setTimeout(poll, again); });
  }
  parts = Array.prototype.slice.call(main().childNodes).map(text_of);  // (as served)
  touched(document.getElementById('outcome'));
  wire([document]); awake();
  setTimeout(poll, 0);
})();
