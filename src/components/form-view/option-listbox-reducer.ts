/**
 * Rows of the list in view. The stylesheet gives the list this many rows of height
 * (option-listbox.css): a page for PageUp/PageDown, and the view before layout.
 */
export const VISIBLE_ROWS = 8;

/** What the option listbox holds between renders; the options, the value and the matches are the field's. */
export interface OptionListboxState {
  open: boolean;
  /** The search typed, or `null` while not searching (a single choice then shows its label). */
  query: string | null;
  /** Position of the highlighted option in the list shown (the matches), or -1 for none. */
  active: number;
  /** What the live region says: the number of matches after a search, a change of a multiple choice, or nothing. */
  announcement: { kind: 'none' } | { kind: 'matches' } | { kind: 'text'; text: string };
}

/** A change of the option listbox. Positions are in the list shown; the caller keeps them in range. */
export type OptionListboxAction =
  | { type: 'open'; active: number }
  | { type: 'close' }
  /** Focus left, or a single choice was made: closed, and the search forgotten. */
  | { type: 'leave' }
  | { type: 'clear' }
  | { type: 'search'; query: string }
  | { type: 'move'; active: number }
  | { type: 'announce'; text: string };

/** The start: closed, not searching. */
export const INITIAL_OPTION_LISTBOX_STATE: OptionListboxState = {
  open: false,
  query: null,
  active: -1,
  announcement: { kind: 'none' },
};

/**
 * The option listbox's state machine. Returns `state` itself when nothing changes, so React skips
 * the render. Where the list is scrolled is the row window's (`useRowWindow`), not this state's.
 */
export function optionListboxReducer(state: OptionListboxState, action: OptionListboxAction): OptionListboxState {
  switch (action.type) {
    case 'open':
      return { ...state, open: true, active: action.active };
    case 'close':
      return state.open ? { ...state, open: false } : state;
    case 'leave':
      return { ...state, open: false, query: null, active: -1, announcement: { kind: 'none' } };
    case 'clear':
      return { ...state, query: null, active: -1, announcement: { kind: 'none' } };
    case 'search':
      return {
        ...state,
        open: true,
        query: action.query,
        // The first match is highlighted, so Enter takes it (list autocomplete with automatic
        // selection); the view keeps `active` below the number of matches, so none is -1 there.
        active: 0,
        announcement: { kind: 'matches' },
      };
    case 'move':
      return action.active === state.active ? state : { ...state, active: action.active };
    case 'announce':
      return { ...state, announcement: { kind: 'text', text: action.text } };
  }
}
