// Starts the first screen's API requests while the app's JavaScript is still downloading (issue 12 §5: the first
// API call used to wait for every chunk to arrive and run). An `async` <script src> in <head> (the CSP allows no
// inline scripts): it never holds up the first paint, and being tiny it runs long before the app's chunks have
// arrived; should it ever run after the app asked for something, that answer is simply not used. It only fetches
// what the app would fetch first for this address, with the same headers; the app's API client
// (src/lib/first-requests.ts) takes each answer once, within a few seconds, instead of sending the request again. The paths here must match the app's exactly (same query strings): a path the app
// does not ask for is one wasted request, nothing more. Nothing here may throw.
(function () {
  var started = {};
  window.__agoraFirstRequests = started;
  if (typeof fetch !== 'function') return;
  var token = null;
  var userId = null;
  try {
    token = window.localStorage.getItem('token');
    userId = window.localStorage.getItem('userId');
  } catch {
    // Storage disabled (privacy modes): a visitor.
  }
  var headers = { Accept: 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  function start(path) {
    if (started[path]) return;
    var request = fetch(path, { headers: headers, credentials: 'same-origin' });
    request.catch(function () {});
    started[path] = { token: token, at: Date.now(), response: request };
  }
  // The first screen's largest picture (Lighthouse's LCP element: the first suggested community's banner on a
  // visitor's "/", the community's banner on its page) is fetched as soon as the answer naming it arrives, not
  // after the app has run and rendered it. The <img> the app renders then takes it from the preload.
  function preloadImage(src) {
    if (typeof src !== 'string' || !/^\/uploads\/[\w./-]+$/.test(src.trim())) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = src.trim();
    document.head.appendChild(link);
  }
  function then(path, use) {
    started[path].response
      .then(function (response) {
        return response.ok ? response.clone().json() : null;
      })
      .then(function (body) {
        if (body) use(body);
      })
      .catch(function () {});
  }
  function segment(value) {
    try {
      return encodeURIComponent(decodeURIComponent(value));
    } catch {
      return null;
    }
  }
  var path = window.location.pathname.replace(/\/+$/, '') || '/';
  var m;
  if (path === '/') {
    if (token && /^\d+$/.test(userId || '')) {
      start('/groups/joined/discussions');
      start('/users/profile');
      start('/groups/mine?limit=100');
      start('/groups/joined?limit=100');
    } else {
      start('/groups/suggested?limit=10');
      start('/groups/suggested/discussions');
      then('/groups/suggested?limit=10', function (body) {
        if (body.groups && body.groups[0]) preloadImage(body.groups[0].group_banner);
      });
    }
  } else if ((m = /^\/group\/([^/]+)(\/discussions)?$/.exec(path))) {
    var group = segment(m[1]);
    if (group) {
      start('/groups/' + group);
      then('/groups/' + group, function (body) {
        if (body.group) preloadImage(body.group.group_banner);
        // The Discussion tab asks for the feed by the community's number, which this answer gives.
        if (m[2] && body.group && typeof body.group.id === 'number') start('/api/groups/' + body.group.id + '/discussions');
      });
    }
  } else if ((m = /^\/groups\/(\d+)\/discussions\/(\d+)$/.exec(path))) {
    // A post link: the community, the post and its comments, and the community's feed behind the panel.
    start('/groups/' + m[1]);
    then('/groups/' + m[1], function (body) {
      if (body.group) preloadImage(body.group.group_banner);
    });
    start('/groups/' + m[1] + '/discussions/' + m[2]);
    start('/groups/' + m[1] + '/discussions/' + m[2] + '/comments?order=oldest');
    start('/api/groups/' + m[1] + '/discussions');
  }
  // A profile link (`?profile=<id>` on any page): the person and, signed in, the friend status, side by side.
  var profile = /[?&]profile=([1-9]\d{0,9})(&|$)/.exec(window.location.search);
  if (profile) {
    start('/users/' + profile[1]);
    if (token && /^\d+$/.test(userId || '') && userId !== profile[1]) {
      start('/friends/status/check?user1=' + userId + '&user2=' + profile[1]);
    }
  }
})();
