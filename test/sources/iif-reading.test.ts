import { describe, expect, it } from 'vitest';
import { readFiles, realProblems } from './export-folder.js';

/**
 * The IIF reading defects found on public QuickBooks Desktop exports (docs/real-world-corpus.md):
 * each case is the smallest file that showed it.
 */
const read = (text: string) =>
  readFiles({ 'books.iif': text }, { format: 'quickbooks-desktop-iif', defaultCurrency: 'USD' });

const lists = [
  '!ACCNT\tNAME\tACCNTTYPE\tACCNUM',
  'ACCNT\tChecking\tBANK\t1000',
  'ACCNT\tAccounts Receivable\tAR\t1100',
  'ACCNT\tSales\tINC\t4000',
  'ACCNT\tSales Tax Payable\tOCLIAB\t2200',
  '!CUST\tNAME',
  'CUST\tAcme',
];

describe('IIF reading of real exports', () => {
  it('reads a file with CR-only line endings (QuickBooks for Mac) like one with CRLF', async () => {
    const { records, problems } = await read(lists.join('\r'));
    expect(records.filter((record) => record.entity === 'account')).toHaveLength(4);
    expect(records.filter((record) => record.entity === 'customer')).toHaveLength(1);
    expect(realProblems(problems)).toEqual([]);
  });

  it('says so when an IIF file holds no rows at all', async () => {
    const { records, problems } = await read('');
    expect(records).toEqual([]);
    expect(realProblems(problems)).toEqual([
      expect.objectContaining({
        code: 'iif.no-rows',
        severity: 'warning',
        location: { file: 'books.iif', row: 1 },
      }),
    ]);
  });

  it('reports a comma-delimited IIF file once, as not tab-delimited, instead of quoting whole lines', async () => {
    const text = [
      '!ACCNT,NAME,ACCNTTYPE',
      'ACCNT,Checking,BANK',
      'ACCNT,Sales,INC',
      '!TRNS,TRNSID,TRNSTYPE,DATE,ACCNT,AMOUNT',
    ].join('\r\n');
    const { records, problems } = await read(text);
    expect(records).toEqual([]);
    const found = realProblems(problems);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      code: 'iif.not-tab-delimited',
      severity: 'error',
      location: { file: 'books.iif', row: 1 },
    });
    expect(found[0]?.message).toContain('commas');
    expect(found[0]?.message).not.toContain('ACCNT,NAME');
  });

  it('reads items priced as a rate ("10.0%") and invoice lines with a percentage price', async () => {
    const { records, problems } = await read(
      [
        ...lists,
        '!INVITEM\tNAME\tINVITEMTYPE\tACCNT\tPRICE',
        'INVITEM\tConsulting\tSERV\tSales\t100.00',
        'INVITEM\tLate fee\tOTHC\tSales\t10.0%',
        '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM',
        '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tINVITEM\tQNTY\tPRICE',
        '!ENDTRNS',
        'TRNS\t\tINVOICE\t1/25/2024\tAccounts Receivable\tAcme\t214.50\t71',
        'SPL\t\tINVOICE\t1/25/2024\tSales\tAcme\t-200.00\tConsulting\t-2\t100.00',
        'SPL\t\tINVOICE\t1/25/2024\tSales\tAcme\t-14.50\tLate fee\t\t7.25%',
        'ENDTRNS',
      ].join('\r\n'),
    );
    const late = records.find(
      (record) => record.entity === 'product' && record.value.key === 'Late fee',
    );
    expect(late?.value).toMatchObject({ name: 'Late fee', type: 'service' });
    expect(late?.value).not.toHaveProperty('salesPrice');
    const invoice = records.find((record) => record.entity === 'invoice');
    expect(invoice?.value).toMatchObject({
      total: '214.50',
      lines: [
        { quantity: '2', unitPrice: '100', amount: '200.00' },
        { quantity: '1', unitPrice: '14.5', amount: '14.50' },
      ],
    });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(problems.filter((problem) => problem.code === 'iif.percent-rate')).toHaveLength(2);
  });

  it('reads group items: the rows up to ENDGRP list the group’s contents, not new items', async () => {
    const { records, problems } = await read(
      [
        ...lists,
        '!INVITEM\tNAME\tREFNUM\tINVITEMTYPE\tDESC\tACCNT\tPRICE',
        '!INVITEM\tNAME\tREFNUM\tINVITEMTYPE\tDESC\tTOPRINT\tEXTRA\tQNTY',
        '!ENDGRP',
        'INVITEM\tDesign\t1\tSERV\tDesign work\tSales\t80.00',
        'INVITEM\tBuild\t2\tSERV\tBuild work\tSales\t60.00',
        'INVITEM\tPackage\t3\tGRP\tDesign and build\tY\t\t',
        'INVITEM\tDesign\t1\tSERV\t\t\t\t1',
        'INVITEM\tBuild\t2\tSERV\t\t\t\t2',
        'ENDGRP',
        'INVITEM\tSupport\t4\tSERV\tSupport\tSales\t50.00',
      ].join('\r\n'),
    );
    const products = records.filter((record) => record.entity === 'product');
    expect(products.map((record) => record.value.key)).toEqual(['Design', 'Build', 'Support']);
    expect(products[2]?.value).toMatchObject({ salesPrice: '50', incomeAccountKey: '4000' });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('reads sales tax groups: ENDTAX closes the group and is not an error', async () => {
    const { records, problems } = await read(
      [
        ...lists,
        '!INVITEM\tNAME\tINVITEMTYPE\tDESC\tACCNT\tPRICE',
        'INVITEM\tState\tSTAX\tState tax\tSales Tax Payable\t6.25%',
        'INVITEM\tCity\tSTAX\tCity tax\tSales Tax Payable\t1.25%',
        'INVITEM\tCombined\tCOMPTAX\tState and city\t\t',
        'INVITEM\tState\tSTAX\t\t\t',
        'INVITEM\tCity\tSTAX\t\t\t',
        'ENDTAX',
        'INVITEM\tConsulting\tSERV\tConsulting\tSales\t100.00',
      ].join('\r\n'),
    );
    expect(records.filter((record) => record.entity === 'product')).toHaveLength(1);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it('reads a type column spelled TRANSTYPE as TRNSTYPE', async () => {
    const { records, problems } = await read(
      [
        ...lists,
        '!TRNS\tTRANSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM',
        '!SPL\tTRANSTYPE\tDATE\tACCNT\tNAME\tAMOUNT',
        '!ENDTRNS',
        'TRNS\tINVOICE\t1/25/2024\tAccounts Receivable\tAcme\t80.00\t72',
        'SPL\tINVOICE\t1/25/2024\tSales\tAcme\t-80.00',
        'ENDTRNS',
      ].join('\r\n'),
    );
    expect(records.find((record) => record.entity === 'invoice')?.value).toMatchObject({
      number: '72',
      total: '80.00',
    });
    expect(realProblems(problems)).toEqual([]);
  });

  it('lets a later !TRNS header replace the first, even before any TRNS row', async () => {
    const { records, problems } = await read(
      [
        ...lists,
        '!TRNS\tTRNSTYPE\tDATE\tACCNT\tAMOUNT',
        '!TRNS\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM',
        '!SPL\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT',
        '!ENDTRNS',
        'TRNS\tINVOICE\t1/25/2024\tAccounts Receivable\tAcme\t80.00\t73',
        'SPL\tINVOICE\t1/25/2024\tSales\tAcme\t-80.00',
        'ENDTRNS',
      ].join('\r\n'),
    );
    expect(records.find((record) => record.entity === 'invoice')?.value).toMatchObject({
      number: '73',
    });
    expect(realProblems(problems)).toEqual([]);
  });

  it('says a transaction has no TRNSTYPE instead of naming an empty type', async () => {
    const { problems } = await read(
      [
        '!TRNS\tDATE\tACCNT\tNAME\tAMOUNT',
        '!SPL\tDATE\tACCNT\tNAME\tAMOUNT',
        '!ENDTRNS',
        'TRNS\t1/25/2024\tPayPal\tA buyer\t18.28',
        'SPL\t1/25/2024\tOther income\tA buyer\t-18.28',
        'ENDTRNS',
      ].join('\r\n'),
    );
    const dropped = problems.find((problem) => problem.code === 'transaction.left-out');
    expect(dropped?.location).toMatchObject({ file: 'books.iif', row: 4 });
    expect(dropped?.message).toContain('has no TRNSTYPE');
    expect(dropped?.message).not.toContain(':  is');
  });
});
