import { describe, expect, it } from 'vitest';
import { cleanLessonHtml } from './lesson-html.js';

/**
 * Known attack strings (OWASP's XSS filter evasion list, the forms a lesson or news body could carry): whatever
 * is stored must hold no script, no event handler and no address that runs code.
 */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<img src="x" /onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
];

describe('a lesson or news body', () => {
  it.each(ATTACKS)('is stored clean of %s', (attack) => {
    const clean = cleanLessonHtml(`<p>Before</p>${attack}<p>After</p>`);
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<svg|<form|<meta|<style/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/behavior|expression\(/i);
    expect(clean).toContain('<p>Before</p>');
  });

  it('keeps what a teacher writes: formatting, lists, https links and pictures', () => {
    const html =
      '<h2>Title</h2><p><b>bold</b> <i>it</i> <u>u</u></p><ul><li>one</li></ul>' +
      '<a href="https://example.uz/page">link</a><img src="https://example.uz/a.png" alt="a">';
    const clean = cleanLessonHtml(html);
    for (const part of [
      '<h2>Title</h2>',
      '<strong>bold</strong>',
      '<li>one</li>',
      'href="https://example.uz/page"',
      'src="https://example.uz/a.png"',
    ])
      expect(clean).toContain(part);
  });
});
