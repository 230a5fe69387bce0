/** id of the <script type="application/json"> element holding the initial state. */
export const STATE_ELEMENT_ID = 'acg-state';
