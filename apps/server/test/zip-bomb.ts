import { deflateRawSync } from 'node:zlib';

/**
 * A one-entry .xlsx-shaped zip whose sheet inflates to `inflatedBytes` of XML whitespace: the bomb of issue
 * 13 §7. `declaredBytes` is what its headers claim (a liar claims little, to pass a size check).
 */
export function zipBomb(inflatedBytes: number, declaredBytes = inflatedBytes): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const parts: Buffer[] = [];
  for (let left = inflatedBytes; left > 0; left -= chunk.length)
    parts.push(left >= chunk.length ? chunk : chunk.subarray(0, left));
  const data = deflateRawSync(Buffer.concat(parts), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredBytes, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredBytes, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
