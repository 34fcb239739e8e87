import {
  SITE_PICK_HTML_MAX,
  SITE_PICK_MESSAGES,
  SITE_PICK_SCRIPT_PATH,
  SITE_PICK_SELECTOR_MAX,
  SITE_PICK_TEXT_MAX,
} from '@tandem/contract/chat-site-pick';

const settings = JSON.stringify({
  messages: SITE_PICK_MESSAGES,
  textMax: SITE_PICK_TEXT_MAX,
  htmlMax: SITE_PICK_HTML_MAX,
  selectorMax: SITE_PICK_SELECTOR_MAX,
});

/**
 * The pick mode of element chat, run in every page the preview origin serves (plain JS for any
 * browser, no dependencies; see chat-site-pick.ts for the protocol). Asked by the parent window, it
 * outlines the element under the pointer; a click (its default prevented, so links and buttons do
 * not act) posts that element to the parent and ends picking, as Escape does. Listeners sit on the
 * window in the capture phase, before any of the page's own.
 */
export const PICK_SCRIPT = `(function () {
  'use strict';
  var S = ${settings};
  var active = false;
  var overlay = null;
  var hovered = null;
  var cursor = '';

  function cap(text, max) {
    return text.length > max ? text.slice(0, max - 1) + '\\u2026' : text;
  }

  function isUniqueId(id) {
    try {
      return document.querySelectorAll('#' + CSS.escape(id)).length === 1;
    } catch (error) {
      return false;
    }
  }

  // From the nearest ancestor with an id unique in the page (or body), each step a child of the one before.
  function selectorOf(element) {
    var parts = [];
    for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
      if (node.id && isUniqueId(node.id)) {
        parts.unshift('#' + CSS.escape(node.id));
        break;
      }
      var tag = node.localName;
      if (node === document.body || node === document.documentElement) {
        parts.unshift(tag);
        break;
      }
      var siblings = node.parentElement ? node.parentElement.children : [];
      var sameTag = Array.prototype.filter.call(siblings, function (sibling) {
        return sibling.localName === tag;
      });
      parts.unshift(sameTag.length > 1 ? tag + ':nth-of-type(' + (sameTag.indexOf(node) + 1) + ')' : tag);
    }
    return parts.join(' > ');
  }

  function describe(element) {
    return {
      tag: element.localName,
      text: cap((element.textContent || '').replace(/\\s+/g, ' ').trim(), S.textMax),
      selector: selectorOf(element),
      html: cap(element.outerHTML.replace(/\\s+/g, ' ').trim(), S.htmlMax),
    };
  }

  function outline(element) {
    hovered = element;
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.setAttribute('aria-hidden', 'true');
      overlay.style.cssText =
        'position:fixed;pointer-events:none;z-index:2147483647;box-sizing:border-box;' +
        'border:2px solid #1677ff;background:rgba(22,119,255,0.12);border-radius:2px;display:none';
      document.documentElement.appendChild(overlay);
    }
    if (!element) {
      overlay.style.display = 'none';
      return;
    }
    var box = element.getBoundingClientRect();
    overlay.style.display = 'block';
    overlay.style.left = box.left + 'px';
    overlay.style.top = box.top + 'px';
    overlay.style.width = box.width + 'px';
    overlay.style.height = box.height + 'px';
  }

  function setActive(isActive) {
    if (isActive === active) return;
    active = isActive;
    var root = document.documentElement;
    if (active) {
      cursor = root.style.cursor;
      root.style.cursor = 'crosshair';
    } else {
      root.style.cursor = cursor;
      outline(null);
    }
  }

  function tell(message) {
    if (window.parent !== window) window.parent.postMessage(message, '*');
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data || data.type !== S.messages.mode) return;
    setActive(data.active === true);
  });

  window.addEventListener(
    'mouseover',
    function (event) {
      if (active && event.target instanceof Element) outline(event.target);
    },
    true,
  );

  window.addEventListener(
    'scroll',
    function () {
      if (active && hovered) outline(hovered);
    },
    true,
  );

  // The page's own handlers never see the press that picks.
  ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'dblclick', 'auxclick'].forEach(function (type) {
    window.addEventListener(
      type,
      function (event) {
        if (active) event.stopImmediatePropagation();
      },
      true,
    );
  });

  window.addEventListener(
    'click',
    function (event) {
      if (!active) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      var element = event.target instanceof Element ? event.target : null;
      setActive(false);
      if (!element) return;
      var picked = describe(element);
      if (picked.selector.length > S.selectorMax) tell({ type: S.messages.ended });
      else tell({ type: S.messages.picked, element: picked });
    },
    true,
  );

  window.addEventListener(
    'keydown',
    function (event) {
      if (!active || event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setActive(false);
      tell({ type: S.messages.ended });
    },
    true,
  );
})();
`;

const PICK_TAG = `<script src="${SITE_PICK_SCRIPT_PATH}"></script>`;

/**
 * A served page with the pick script added (the version's stored output stays as built): at the end
 * of its head, else before its body's end, else at its end.
 */
export function withPickScript(html: string): string {
  const before = (end: string) => `${PICK_TAG}\n${end}`;
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, before);
  if (/<\/body>/i.test(html)) return html.replace(/<\/body>(?![\s\S]*<\/body>)/i, before);
  return `${html}\n${PICK_TAG}\n`;
}
