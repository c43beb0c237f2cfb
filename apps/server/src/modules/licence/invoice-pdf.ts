import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  dottedDate,
  formatAmount,
  type Language,
  type LicenceOrderStatus,
  type PlatformRequisites,
} from '@crm/contracts';
import PDFDocument from 'pdfkit';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels.js';

/** What an invoice for a bank transfer shows (issue 17): gathered by invoice.ts, drawn here. */
export interface InvoiceContent {
  number: string;
  /** The order's day in the company's time zone, YYYY-MM-DD. */
  day: string;
  language: Language;
  /** The platform's details from the console; null while none are set. */
  seller: PlatformRequisites | null;
  buyer: { name: string; subdomain: string; phone: string | null; address: string | null };
  maxStudents: number;
  periodMonths: number;
  amount: number;
  currency: string;
  status: LicenceOrderStatus;
  /** The day it was paid, in the company's time zone. */
  paidDay: string | null;
}

/*
 * PDF's fourteen built-in fonts only write Latin-1: no Cyrillic, no Uzbek oʻ. DejaVu Sans (assets/fonts, its
 * licence beside it) is embedded instead; pdfkit keeps only the glyphs used. The path is resolved from this
 * file, three levels below apps/server both in src (run by tsx) and in a build of the same layout.
 */
const FONT_DIR = new URL('../../../assets/fonts/', import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () => {
  if (!fonts) {
    fonts = Promise.all([
      readFile(fileURLToPath(new URL('DejaVuSans.ttf', FONT_DIR))),
      readFile(fileURLToPath(new URL('DejaVuSans-Bold.ttf', FONT_DIR))),
    ]).then(([regular, bold]) => ({ regular, bold }));
    // A failed read (a missing file) is not kept: the next invoice tries again.
    fonts.catch(() => {
      fonts = undefined;
    });
  }
  return fonts;
};

const MARGIN = 50;
const GREY = '#555555';
const LINE = '#999999';

const money = (minor: number, currency: string) => `${formatAmount(minor, currency)} ${currency}`;

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font('bold').fontSize(11).fillColor('black').text(text);
  doc.moveDown(0.2);
}

/** "Label: value" lines, leaving out the empty ones (the console's details are optional but the name). */
function details(doc: Doc, lines: Array<[label: string | null, value: string | null | undefined]>) {
  doc.font('regular').fontSize(10).fillColor('black');
  for (const [label, value] of lines) {
    if (!value) continue;
    doc.text(label ? `${label}: ${value}` : value);
  }
}

function sellerBlock(doc: Doc, labels: InvoiceLabels, seller: PlatformRequisites | null) {
  heading(doc, labels.seller);
  if (seller) {
    details(doc, [
      [null, seller.name],
      [labels.address, seller.address],
      [labels.taxId, seller.tax_id],
      [labels.bank, seller.bank],
      [labels.account, seller.account],
      [labels.bankCode, seller.bank_code],
      [labels.phone, seller.phone],
    ]);
  }
  // Decision: without an account the invoice is still issued (its number, amount and purpose are what the
  // centre's accountant files), and it says plainly that the account will come from the platform's manager.
  if (!seller?.account) doc.font('regular').fontSize(10).fillColor(GREY).text(labels.detailsPending);
}

interface Column {
  width: number;
  align: 'left' | 'right' | 'center';
}
const COLUMNS: Column[] = [
  { width: 30, align: 'center' },
  { width: 225, align: 'left' },
  { width: 50, align: 'center' },
  { width: 95, align: 'right' },
  { width: 95, align: 'right' },
];
const PAD = 4;

/** One row of the line table between two rules; its height is its tallest cell's. */
function tableRow(doc: Doc, cells: string[], font: 'regular' | 'bold') {
  doc.font(font).fontSize(10).fillColor('black');
  const top = doc.y;
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width - 2 * PAD }));
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = COLUMNS[i]!;
    doc.text(cell, x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.align });
    x += column.width;
  });
  const bottom = top + Math.max(...heights) + 2 * PAD;
  doc.moveTo(MARGIN, bottom).lineTo(x, bottom).strokeColor(LINE).stroke();
  doc.x = MARGIN;
  doc.y = bottom;
}

function lineTable(doc: Doc, labels: InvoiceLabels, content: InvoiceContent) {
  doc.moveDown(1);
  const width = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor(LINE)
    .stroke();
  tableRow(doc, [labels.position, labels.description, labels.quantity, labels.price, labels.amount], 'bold');
  const amount = money(content.amount, content.currency);
  tableRow(doc, ['1', labels.item(content.maxStudents, content.periodMonths), '1', amount, amount], 'regular');
  doc.moveDown(0.5).font('bold').fontSize(11);
  doc.text(`${labels.total}: ${amount}`, MARGIN, doc.y, { width, align: 'right' });
}

/** The invoice as a one-page A4 PDF. */
export async function renderInvoicePdf(content: InvoiceContent): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const labels = INVOICE_LABELS[content.language];
  const title = labels.title(content.number);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  doc.font('bold').fontSize(18).text(title);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text(`${labels.date}: ${dottedDate(content.day)}`);
  if (content.status === 'paid' && content.paidDay) {
    doc
      .moveDown(0.5)
      .font('bold')
      .fontSize(11)
      .fillColor('#1a7f37')
      .text(labels.paid(dottedDate(content.paidDay)));
  } else if (content.status === 'cancelled') {
    doc.moveDown(0.5).font('bold').fontSize(11).fillColor('#cf222e').text(labels.cancelled);
  }

  sellerBlock(doc, labels, content.seller);
  heading(doc, labels.buyer);
  details(doc, [
    [null, content.buyer.name],
    [labels.crmAddress, content.buyer.subdomain],
    [labels.address, content.buyer.address],
    [labels.phone, content.buyer.phone],
  ]);

  lineTable(doc, labels, content);

  doc.x = MARGIN;
  heading(doc, labels.purpose);
  details(doc, [[null, labels.purposeText(content.number)]]);
  doc.end();
  return done;
}
