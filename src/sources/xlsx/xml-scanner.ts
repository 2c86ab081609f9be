import { sizeText, XLSX_LIMITS, XlsxLimitError } from './xlsx-limits.js';

/** One event of an XML stream: tags with their attributes, and text between tags. */
export type XmlEvent =
  | { type: 'open'; name: string; attributes: Record<string, string>; selfClosing: boolean }
  | { type: 'close'; name: string }
  | { type: 'text'; text: string };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

function parseTag(body: string): XmlEvent | undefined {
  if (body.startsWith('/')) return { type: 'close', name: localName(body.slice(1).trim()) };
  if (body.startsWith('?') || body.startsWith('!')) return undefined;
  const selfClosing = body.endsWith('/');
  const inner = selfClosing ? body.slice(0, -1) : body;
  const space = inner.search(/\s/);
  const name = localName(space < 0 ? inner : inner.slice(0, space));
  const attributes: Record<string, string> = {};
  if (space >= 0) {
    for (const match of inner.slice(space).matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      attributes[match[1] ?? ''] = decodeXmlText(match[3] ?? match[4] ?? '');
    }
  }
  return { type: 'open', name, attributes, selfClosing };
}

/** "x:row" and "row" are the same element (some writers prefix the main namespace). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Longest entity reference kept back at a chunk's end, so "&am" + "p;" still decodes. */
const ENTITY_TAIL = 12;

function nodeTooLarge(what: string): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.xml-node-too-large',
    `one ${what} holds more than ${sizeText(XLSX_LIMITS.xmlNodeChars)} of characters`,
  );
}

/**
 * A small streaming XML tokenizer, enough for the parts of an XLSX file: it keeps only the unparsed
 * tail of the input, so a worksheet of any size is read in constant memory. Text between tags is
 * passed on as it arrives (a run may come in several text events), so a part of text without any
 * tag is not rescanned per chunk; one tag or one text run longer than XLSX_LIMITS.xmlNodeChars
 * ends the part with xlsx.xml-node-too-large.
 */
export async function* scanXml(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): AsyncGenerator<XmlEvent[]> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  /** Characters of the text run in progress, across chunks. */
  let run = 0;
  const text = (events: XmlEvent[], raw: string, decode: boolean) => {
    run += raw.length;
    if (run > XLSX_LIMITS.xmlNodeChars) throw nodeTooLarge('text run');
    if (raw) events.push({ type: 'text', text: decode ? decodeXmlText(raw) : raw });
  };
  const flush = (final: boolean): XmlEvent[] => {
    const events: XmlEvent[] = [];
    let at = 0;
    for (;;) {
      const open = buffer.indexOf('<', at);
      if (open < 0) {
        // Text up to the end, save a possible entity cut by the chunk boundary.
        const amp = final ? -1 : buffer.lastIndexOf('&');
        const keep =
          amp >= at && buffer.length - amp < ENTITY_TAIL && !buffer.includes(';', amp)
            ? amp
            : buffer.length;
        text(events, buffer.slice(at, keep), true);
        at = keep;
        break;
      }
      if (open > at) text(events, buffer.slice(at, open), true);
      if (buffer.startsWith('<![CDATA[', open)) {
        const end = buffer.indexOf(']]>', open);
        if (end < 0) {
          if (buffer.length - open > XLSX_LIMITS.xmlNodeChars) throw nodeTooLarge('CDATA section');
          at = open;
          break;
        }
        text(events, buffer.slice(open + 9, end), false);
        at = end + 3;
        continue;
      }
      run = 0;
      let close = -1;
      let quote = '';
      for (let i = open + 1; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (quote) {
          if (char === quote) quote = '';
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '>') {
          close = i;
          break;
        }
      }
      if (close < 0) {
        if (buffer.length - open > XLSX_LIMITS.xmlNodeChars) throw nodeTooLarge('tag');
        at = open;
        break;
      }
      const event = parseTag(buffer.slice(open + 1, close).trim());
      if (event) events.push(event);
      at = close + 1;
    }
    buffer = buffer.slice(at);
    return events;
  };
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    const events = flush(false);
    if (events.length) yield events;
  }
  buffer += decoder.decode();
  const events = flush(true);
  if (events.length) yield events;
}
