import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { findFormAnswer, type Scenario, type ScenarioAnswer, type ScenarioOutcome, type ScenarioToolParameters } from '../scenario';

const LAPTOPS = [
  { model: 'Aero 14', shop: 'TechHub', price: 1099 },
  { model: 'Aero 14', shop: 'LapWorld', price: 1049 },
  { model: 'Nimbus 13', shop: 'TechHub', price: 899 },
  { model: 'Nimbus 13', shop: 'Compuzone', price: 929 },
  { model: 'Vertex 15', shop: 'LapWorld', price: 1299 },
  { model: 'Vertex 15', shop: 'Compuzone', price: 1249 },
  { model: 'Quill 13', shop: 'TechHub', price: 749 },
  { model: 'Quill 13', shop: 'Compuzone', price: 779 },
  { model: 'Atlas 16', shop: 'LapWorld', price: 1599 },
  { model: 'Atlas 16', shop: 'TechHub', price: 1549 },
  { model: 'Pico 12', shop: 'Compuzone', price: 649 },
  { model: 'Pico 12', shop: 'LapWorld', price: 629 },
];

const budgetOf = (answers: readonly ScenarioAnswer[]) => {
  const budget = findFormAnswer(answers, 'Budget (€)');
  return typeof budget === 'number' && Number.isFinite(budget) ? budget : 1200;
};
const offersWithin = (answers: readonly ScenarioAnswer[]) => {
  const budget = budgetOf(answers);
  return LAPTOPS.filter((offer) => offer.price <= budget);
};
/** The offers the last question lists; the answer is an index into this same list. */
const offersShown = (answers: readonly ScenarioAnswer[]) => {
  const offers = offersWithin(answers);
  return offers.length > 0 ? offers : LAPTOPS;
};

/** Compares laptops across shops over many pages and three questions; ends with a 12-row data table. */
export const longRunScenario: Scenario = {
  name: 'long-run',
  description: 'Compares laptop offers across three shops over many pages, asks three questions, and returns a 12-row table.',
  keywords: ['research', 'compare', 'comparison', 'long run', 'long-run'],
  steps: [
    { type: 'page', title: 'Search: lightweight laptop', url: 'https://search.example.com/?q=lightweight+laptop', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'What are you looking for?',
        description: 'A few details narrow down which laptops are worth comparing.',
        fields: [
          { type: 'number', label: 'Budget (€)', required: true, min: 300, max: 5000, step: 50, defaultValue: 1200 },
          {
            type: 'select',
            label: 'Screen size',
            options: [
              { label: '12–13 inch', value: 13 },
              { label: '14 inch', value: 14 },
              { label: '15–16 inch', value: 16 },
            ],
          },
          { type: 'range', label: 'Importance of battery life', min: 1, max: 5, step: 1, defaultValue: 3 },
        ],
        submitButton: { label: 'Start comparing' },
      },
    },
    { type: 'page', title: 'Laptops · TechHub', url: 'https://techhub.example.com/laptops', durationMs: 2000 },
    { type: 'page', title: 'Aero 14 · TechHub', url: 'https://techhub.example.com/laptops/aero-14', durationMs: 1500 },
    { type: 'page', title: 'Laptops · LapWorld', url: 'https://lapworld.example.com/c/laptops', durationMs: 2000 },
    { type: 'page', title: 'Vertex 15 · LapWorld', url: 'https://lapworld.example.com/p/vertex-15', durationMs: 1500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Which features are a must?',
        description: 'Offers without them will be left out.',
        fields: [
          {
            type: 'checkbox',
            label: 'Must-have features',
            options: [
              { label: 'Backlit keyboard', value: 'backlight' },
              { label: 'At least 16 GB memory', value: 'ram16' },
              { label: 'USB-C charging', value: 'usbc' },
              { label: 'Touch screen', value: 'touch' },
            ],
          },
          { type: 'checkbox', label: 'Include refurbished offers', defaultValue: false },
        ],
      },
    },
    { type: 'page', title: 'Laptops · Compuzone', url: 'https://compuzone.example.com/laptops', durationMs: 2000 },
    { type: 'page', title: 'Nimbus 13 · Compuzone', url: 'https://compuzone.example.com/laptops/nimbus-13', durationMs: 1500 },
    { type: 'page', title: 'Reviews: Nimbus 13', url: 'https://reviews.example.com/nimbus-13', durationMs: 2000 },
    { type: 'page', title: 'Comparing 12 offers', url: 'https://search.example.com/compare', durationMs: 2500 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: (answers): ScenarioToolParameters => ({
        heading: 'Which offer should I reserve?',
        description: `${offersWithin(answers).length} of ${LAPTOPS.length} offers fit your budget of €${budgetOf(answers)}.`,
        fields: [
          {
            type: 'radio',
            label: 'Offer',
            required: true,
            options: offersShown(answers).map((offer, index) => ({
              label: `${offer.model} at ${offer.shop}, €${offer.price}`,
              value: index,
            })),
          },
          { type: 'textarea', label: 'Note to the shop', rows: 3, maxLength: 500, placeholder: 'Optional' },
        ],
        submitButton: { label: 'Reserve' },
      }),
    },
    { type: 'page', title: 'Reservation · TechHub', url: 'https://techhub.example.com/reserve', durationMs: 2000 },
  ],
  result: (answers): ScenarioOutcome => {
    const choice = findFormAnswer(answers, 'Offer');
    const reserved = typeof choice === 'number' ? offersShown(answers)[choice] : undefined;
    return {
      summary:
        reserved === undefined
          ? `Compared ${LAPTOPS.length} offers; nothing was reserved.`
          : `Compared ${LAPTOPS.length} offers and reserved the ${reserved.model} at ${reserved.shop} for €${reserved.price}.`,
      output: { offersCompared: LAPTOPS.length, offersWithinBudget: offersWithin(answers).length },
      dataTable: LAPTOPS.map((offer) => ({ title: `${offer.model} · ${offer.shop}`, value: offer.price, shop: offer.shop })),
    };
  },
};
