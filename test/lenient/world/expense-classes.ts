import type { ExpenseClass } from './types.ts';

/** A household-expenditure style classification used for payment sub-classes. */
export const EXPENSE_CLASSES: readonly ExpenseClass[] = [
  {
    classCode: '1',
    classTitle: 'Groceries',
    divisionCode: '1',
    divisionTitle: 'Food and non-alcoholic beverages',
  },
  {
    classCode: '2',
    classTitle: 'Meals out',
    divisionCode: '1',
    divisionTitle: 'Food and non-alcoholic beverages',
  },
  { classCode: '3', classTitle: 'Fuel', divisionCode: '4', divisionTitle: 'Transport' },
  { classCode: '4', classTitle: 'Public transport', divisionCode: '4', divisionTitle: 'Transport' },
  {
    classCode: '5',
    classTitle: 'Electricity and gas',
    divisionCode: '2',
    divisionTitle: 'Household utilities',
  },
  {
    classCode: '6',
    classTitle: 'Telephone and internet',
    divisionCode: '2',
    divisionTitle: 'Household utilities',
  },
  { classCode: '7', classTitle: 'Clothing', divisionCode: '3', divisionTitle: 'Clothing and footwear' },
  { classCode: '8', classTitle: 'Medicines', divisionCode: '5', divisionTitle: 'Medical care and health' },
  {
    classCode: '9',
    classTitle: 'Streaming and subscriptions',
    divisionCode: '6',
    divisionTitle: 'Recreation',
  },
];
