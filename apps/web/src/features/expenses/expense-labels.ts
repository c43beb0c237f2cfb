import {
  EXPENSE_CATEGORIES,
  type ExpenseBucket,
  type ExpenseCategory,
  type ExpenseType,
  type PaymentMethod,
} from '@crm/contracts';
import type { TFunction } from 'i18next';

export const methodLabel = (t: TFunction, method: PaymentMethod) => t(`finance.methods.${method}`);

/** A standard category in words, or the company's type by its name. */
export const bucketLabel = (t: TFunction, bucket: ExpenseBucket) =>
  bucket.type?.name ?? (bucket.category ? t(`expenses.categories.${bucket.category}`) : '—');

/**
 * One select offers both kinds of category: its values are `category:<key>` and
 * `type:<id>`, turned back into the API's `category` or `type_id`.
 */
export type BucketValue = `category:${ExpenseCategory}` | `type:${number}`;

export const bucketValue = (bucket: ExpenseBucket): BucketValue | undefined =>
  bucket.type ? `type:${bucket.type.id}` : bucket.category ? `category:${bucket.category}` : undefined;

export function fromBucketValue(value: BucketValue | undefined): {
  category: ExpenseCategory | null;
  type_id: number | null;
} {
  if (value?.startsWith('type:')) return { category: null, type_id: Number(value.slice(5)) };
  if (value?.startsWith('category:')) return { category: value.slice(9) as ExpenseCategory, type_id: null };
  return { category: null, type_id: null };
}

/**
 * The category choices: the standard categories, then the company's own active types
 * (and `keep`, a type an edited expense already has even if it was deactivated).
 */
export function bucketOptions(t: TFunction, types: readonly ExpenseType[] = [], keep?: number) {
  const own = types.filter((type) => type.active || type.id === keep);
  return [
    {
      label: t('expenses.standardCategories'),
      title: t('expenses.standardCategories'),
      options: EXPENSE_CATEGORIES.map((category) => ({
        value: `category:${category}` as BucketValue,
        label: t(`expenses.categories.${category}`),
      })),
    },
    ...(own.length
      ? [
          {
            label: t('expenses.ownTypes'),
            title: t('expenses.ownTypes'),
            options: own.map((type) => ({ value: `type:${type.id}` as BucketValue, label: type.name })),
          },
        ]
      : []),
  ];
}
