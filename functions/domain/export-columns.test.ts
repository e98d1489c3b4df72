import { CLIENT_CSV_HEADERS } from '@shared/client-schema';
import { CSV_COLUMNS } from './csv-import';
import { CLIENT_COLUMNS, OWN_CLIENT_COLUMNS } from './export-columns';

describe('client CSV columns', () => {
  it("the import expects the shared schema's columns", () => {
    expect(CSV_COLUMNS).toEqual([
      ...['name', 'email', 'phone', 'address', 'postalCode'],
      ...['birthday', 'anniversary', 'purchaseDate', 'purchasePrice'],
    ]);
  });

  it("the export starts with the import's columns, so an exported file imports again", () => {
    expect(CLIENT_COLUMNS.slice(0, CLIENT_CSV_HEADERS.length).map((column) => column.header)).toEqual(CSV_COLUMNS);
    expect(CLIENT_COLUMNS.map((column) => column.header)).toEqual([
      ...['name', 'email', 'phone', 'address', 'postalCode'],
      ...['birthday', 'anniversary', 'purchaseDate', 'purchasePrice'],
      ...[
        'reviewStatus',
        'reviewRequestedAt',
        'reviewSubmittedAt',
        'lastContactDate',
        'hasTestimonial',
        'agentUsername',
        'agentId',
        'clientId',
        'createdAt',
        'updatedAt',
      ],
    ]);
  });

  it("the agent's own export starts with the import's columns too, and names no agent", () => {
    expect(OWN_CLIENT_COLUMNS.slice(0, CLIENT_CSV_HEADERS.length).map((column) => column.header)).toEqual(CSV_COLUMNS);
    expect(OWN_CLIENT_COLUMNS.map((column) => column.header).filter((header) => header.startsWith('agent'))).toEqual(
      [],
    );
  });
});
