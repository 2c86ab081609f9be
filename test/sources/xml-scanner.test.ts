import { describe, expect, it } from 'vitest';
import { scanXml, type XmlEvent } from '../../src/sources/xlsx/xml-scanner.js';

async function eventsOf(chunks: string[]): Promise<XmlEvent[]> {
  const events: XmlEvent[] = [];
  for await (const batch of scanXml(chunks.map((chunk) => Buffer.from(chunk))))
    events.push(...batch);
  return events;
}

/** The text of each run between tags, however many events it came in. */
function textRuns(events: XmlEvent[]): string[] {
  const runs: string[] = [];
  let current: string | undefined;
  for (const event of events) {
    if (event.type === 'text') current = (current ?? '') + event.text;
    else if (current !== undefined) {
      runs.push(current);
      current = undefined;
    }
  }
  if (current !== undefined) runs.push(current);
  return runs;
}

describe('scanXml', () => {
  it('reads text and entities cut anywhere by chunk boundaries', async () => {
    const xml = '<t>Fish &amp; Chips &#x263A; &lt;5&gt;</t><t>plain</t>';
    for (let cut = 1; cut < xml.length; cut += 1) {
      const events = await eventsOf([xml.slice(0, cut), xml.slice(cut)]);
      expect(textRuns(events), `cut at ${cut}`).toEqual(['Fish & Chips ☺ <5>', 'plain']);
    }
  });

  it('passes on a long text run as it arrives, and stops one past 1 MiB', async () => {
    const chunk = 'a'.repeat(64 * 1024);
    const fine = await eventsOf(['<t>', ...Array.from({ length: 15 }, () => chunk), '</t>']);
    expect(textRuns(fine)[0]).toHaveLength(15 * chunk.length);
    await expect(
      eventsOf(['<t>', ...Array.from({ length: 17 }, () => chunk), '</t>']),
    ).rejects.toMatchObject({
      code: 'xlsx.xml-node-too-large',
    });
  });

  it('stops a tag that never closes past 1 MiB', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    await expect(
      eventsOf(['<c r="', ...Array.from({ length: 17 }, () => chunk)]),
    ).rejects.toMatchObject({
      code: 'xlsx.xml-node-too-large',
    });
  });
});
