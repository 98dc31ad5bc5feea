import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

const names = { char: 'Mira', user: 'you' };

describe('plainText', () => {
  it('takes out roleplay actions and emphasis with * and _, keeping the words', () => {
    expect(plainText('*Mira waves.* Hello, **friend**')).toBe('Mira waves. Hello, friend');
    expect(plainText('_softly_ and __loudly__, ***both*** and ~~gone~~')).toBe('softly and loudly, both and gone');
    expect(plainText('*She smiles, **very** warmly.*')).toBe('She smiles, very warmly.');
    expect(plainText('"Hi!" *waves* "Bye."')).toBe('"Hi!" waves "Bye."');
    expect(plainText('*Мира машет.* Привет, _друг_')).toBe('Мира машет. Привет, друг');
  });

  it('keeps runs of stars that wrap no words (a rating), and still takes marks off words beside them', () => {
    expect(plainText('Rating: *****')).toBe('Rating: *****');
    expect(plainText('Rating: ***** (5/5)')).toBe('Rating: ***** (5/5)');
    expect(plainText('a ** ** b')).toBe('a ** ** b');
    expect(plainText('*waves* Rating: ****')).toBe('waves Rating: ****');
  });

  it('drops a * left without its pair at a word edge', () => {
    expect(plainText('*Mira waves and never stops')).toBe('Mira waves and never stops');
    expect(plainText('She waves.* Then leaves.')).toBe('She waves. Then leaves.');
  });

  it('keeps the text of inline code and code blocks', () => {
    expect(plainText('Run `npm test` or ``a `b` c``')).toBe('Run npm test or a `b` c');
    expect(plainText('Code:\n```js\nlet a = 1;\n```\nDone')).toBe('Code: let a = 1; Done');
  });

  it('keeps the words of links and images, not the addresses', () => {
    expect(plainText('See [my page](https://example.com/a_b "title") and ![a cat](cat.png).')).toBe('See my page and a cat.');
    expect(plainText('A [reference][1] link.\n\n[1]: https://example.com')).toBe('A reference link.');
    expect(plainText('Mail <mailto:a@b.co> or <https://example.com>')).toBe('Mail mailto:a@b.co or https://example.com');
  });

  it('takes the marks off headings, block quotes and bullets, and joins the lines', () => {
    expect(plainText('# About Mira\n\nA ranger.\n## Likes ##')).toBe('About Mira A ranger. Likes');
    expect(plainText('> She said\n> > nested\nok')).toBe('She said nested ok');
    expect(plainText('Likes:\n- tea\n* cats\n+ rain\n- [x] done')).toBe('Likes: tea cats rain done');
    expect(plainText('Top\n\n---\n\n***\nTitle\n=====\nEnd')).toBe('Top Title End');
  });

  it('keeps numbered lists, hashtags, bracketed asides and escaped marks as they read', () => {
    expect(plainText('1. First\n2) Second')).toBe('1. First 2) Second');
    expect(plainText('#hashtag [OOC: be nice] \\*not emphasis\\* \\# no heading')).toBe(
      '#hashtag [OOC: be nice] *not emphasis* # no heading',
    );
  });

  it('leaves ordinary * and _ alone: arithmetic, snake_case, e-mail addresses', () => {
    expect(plainText('5 * 3 = 15, 5*3*2 = 30 and 2 * 3 * 4')).toBe('5 * 3 = 15, 5*3*2 = 30 and 2 * 3 * 4');
    expect(plainText('Use snake_case_name and __init__ in my_module')).toBe('Use snake_case_name and init in my_module');
    expect(plainText('Write to john_doe@example.com or a_b_c@mail.org')).toBe('Write to john_doe@example.com or a_b_c@mail.org');
    expect(plainText('Loves you <3, a < b > c')).toBe('Loves you <3, a < b > c');
  });

  it('takes out formatting tags without rendering them', () => {
    expect(plainText('<b>Bold</b> and<br>next <span style="color:red">red</span> <script>x</script>')).toBe(
      'Bold and next red <script>x</script>',
    );
  });

  it('keeps angle-bracket text that only looks like a tag, and names with $ as written', () => {
    expect(plainText('<I love you> and a <a lot of love> b')).toBe('<I love you> and a <a lot of love> b');
    expect(plainText('<a href="https://x.example">site</a> <b>bold</b><br/>next')).toBe('site bold next');
    expect(plainText('{{char}} pays {{user}}', { char: "Ca$'h $&", user: '$$you' })).toBe("Ca$'h $& pays $$you");
  });

  it('fills in the macros, any case, the legacy ones too, capitalizing a {{user}} that opens a sentence', () => {
    expect(plainText('{{char}} greets {{user}}. {{User}} smiles back.', names)).toBe('Mira greets you. You smiles back.');
    expect(plainText('{{user}} meets *{{CHAR}}*, <BOT> greets <USER>', names)).toBe('You meets Mira, Mira greets you');
    expect(plainText('**{{char}}** waves at {{user}}!\n{{user}} waves back.', { char: 'Vera_*x*', user: 'sam' })).toBe(
      'Vera_*x* waves at sam! Sam waves back.',
    );
  });

  it('leaves the macros as written without names, and an empty text empty', () => {
    expect(plainText('*{{char}}* waves')).toBe('{{char}} waves');
    expect(plainText('  \n ')).toBe('');
  });
});
