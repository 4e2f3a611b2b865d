import { describe, expect, it } from 'vitest';
import { batchesOf, parseCsv, readSensorFile } from './sensor-file';

const HEADER = 'id,name,type,city,location,lat,lng,unit,status';
const ROW = 'kol-air-1,Gariahat Air,air_quality,kolkata,Gariahat,22.518,88.365,,';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, naming the line each record starts on', () => {
    const text = 'a,"b, c","say ""hi"""\r\n"two\nlines",x,y\n\nlast,,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b, c', 'say "hi"'] },
      { line: 2, cells: ['two\nlines', 'x', 'y'] },
      { line: 5, cells: ['last', '', ''] },
    ]);
  });
});

describe('readSensorFile', () => {
  it('reads a CSV file with its columns in any order and a byte-order mark', () => {
    const text =
      '\uFEFFlng,lat,id,name,type,city,location\n88.365,22.518,kol-air-1,Air,air_quality,kolkata,Gariahat';
    expect(readSensorFile('s.csv', text)).toEqual({
      ok: true,
      sensors: [
        {
          id: 'kol-air-1',
          name: 'Air',
          type: 'air_quality',
          city: 'kolkata',
          location: 'Gariahat',
          lat: 22.518,
          lng: 88.365,
        },
      ],
    });
  });

  it('says which columns the header lacks or does not know', () => {
    const result = readSensorFile('s.csv', 'id,name,type,city,place,lat,lng\n');
    expect(result).toEqual({
      ok: false,
      json: false,
      problems: [
        { row: 1, field: null, kind: 'missingColumn', other: 'location' },
        { row: 1, field: null, kind: 'unknownColumn', other: 'place' },
      ],
    });
  });

  it('tells a missing value from a wrong one', () => {
    const result = readSensorFile(
      's.csv',
      `${HEADER}\n${ROW}\nkol-air-2,,air_quality,kolkata,G,abc,88,,`,
    );
    expect(result.ok ? [] : result.problems).toEqual([
      { row: 3, field: 'name', kind: 'missing' },
      { row: 3, field: 'lat', kind: 'invalid' },
    ]);
  });

  it('reads a JSON array as the import command does, numbering its entries from 1', () => {
    const good = {
      id: 'a',
      name: 'A',
      type: 'water',
      city: 'kolkata',
      location: 'L',
      lat: 1,
      lng: 2,
    };
    expect(readSensorFile('s.json', JSON.stringify([good])).ok).toBe(true);
    expect(
      readSensorFile('s.json', JSON.stringify([good, { ...good, id: 'b', colour: 'red' }])),
    ).toEqual({
      ok: false,
      json: true,
      problems: [{ row: 2, field: 'colour', kind: 'unknownField' }],
    });
    expect(readSensorFile('s.json', '{"sensors": []}')).toMatchObject({
      problems: [{ kind: 'notAList' }],
    });
    expect(readSensorFile('s.json', '[')).toMatchObject({ problems: [{ kind: 'unreadable' }] });
    expect(readSensorFile('s.csv', '')).toMatchObject({ problems: [{ kind: 'empty' }] });
  });
});

describe('batchesOf', () => {
  it('splits by count and by the bytes of the body, never leaving an item out', () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ id: `s${i}`, name: 'x'.repeat(40) }));
    const byCount = batchesOf(items, 3, 1_000_000);
    expect(byCount.map((batch) => batch.length)).toEqual([3, 3, 1]);
    const itemBytes = JSON.stringify(items[0]).length + 1;
    const bySize = batchesOf(items, 100, '{"sensors":[]}'.length + 2 * itemBytes);
    expect(bySize.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(bySize.flat()).toEqual(items);
  });
});
