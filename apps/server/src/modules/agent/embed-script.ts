/**
 * `/embed/agent.js`: what the script embed code loads on another site. It adds a round chat button at the
 * bottom right that opens the agent's chat (`/embed/agent/<key>`) in a framed panel; Escape or the button
 * closes it. Plain ES2017 with no dependencies: it runs in pages we know nothing of, so it touches
 * nothing but its own two elements.
 */
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var key = script.getAttribute('data-agent-key');
  if (!key) return;
  var title = script.getAttribute('data-title') || 'Chat';
  var origin = new URL(script.src).origin;
  var open = false;
  var frame = null;

  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', title);
  button.setAttribute('aria-expanded', 'false');
  button.style.cssText = 'position:fixed;right:20px;bottom:20px;z-index:2147483000;width:56px;height:56px;' +
    'border:0;border-radius:50%;background:#1677ff;color:#fff;cursor:pointer;' +
    'box-shadow:0 6px 16px rgba(0,0,0,.2);display:flex;align-items:center;justify-content:center;';
  button.innerHTML = '<svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">' +
    '<path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

  function toggle(next) {
    open = next;
    button.setAttribute('aria-expanded', String(open));
    if (open && !frame) {
      frame = document.createElement('iframe');
      frame.src = origin + '/embed/agent/' + encodeURIComponent(key);
      frame.title = title;
      frame.allow = 'clipboard-write';
      frame.style.cssText = 'position:fixed;right:20px;bottom:88px;z-index:2147483000;' +
        'width:min(400px,calc(100vw - 40px));height:min(640px,calc(100vh - 120px));border:0;' +
        'border-radius:12px;background:#fff;box-shadow:0 12px 32px rgba(0,0,0,.24);';
      document.body.appendChild(frame);
    }
    if (frame) frame.style.display = open ? 'block' : 'none';
  }

  button.addEventListener('click', function () { toggle(!open); });
  document.addEventListener('keydown', function (event) {
    if (open && event.key === 'Escape') toggle(false);
  });
  function mount() { document.body.appendChild(button); }
  if (document.body) mount(); else document.addEventListener('DOMContentLoaded', mount);
})();
`;
