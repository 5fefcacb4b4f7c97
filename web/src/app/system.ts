/**
 * Chakra's default tokens with only the component recipes this app uses. defaultSystem ships every
 * recipe (date pickers, colour pickers, carousels...) in the first load; the budget is 200 KB gzip.
 * Using a Chakra component whose recipe is missing here renders it unstyled: add the recipe below.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * A checkbox, radio or switch is hit through its label (the input itself is visually hidden): the
 * label is at least 24 px tall (WCAG 2.2 target size), however small its text. One line of
 * medium text measured 20 px (the roster import's clinic checkbox).
 */
function atLeastATarget<R extends { base?: Record<string, object> }>(recipe: R, hitArea: string): R {
  return { ...recipe, base: { ...recipe.base, [hitArea]: { ...recipe.base?.[hitArea], minHeight: '6' } } };
}

const appConfig = defineConfig({
  // The same base as Chakra's defaultSystem: CSS reset, variable names and global styles.
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    // A link in a table cell is a target of its own, not a word in a sentence: at least 24 px tall
    // (WCAG 2.2 target size), however small its text.
    'td a': { display: 'inline-flex', alignItems: 'center', minHeight: '24px' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: atLeastATarget(checkboxSlotRecipe, 'root'),
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: atLeastATarget(radioGroupSlotRecipe, 'item'),
      stat: statSlotRecipe,
      switch: atLeastATarget(switchSlotRecipe, 'root'),
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** Error text at WCAG AA contrast on white (Chakra's default red.500 is below 4.5:1). */
const accessibleColors = defineConfig({
  theme: { semanticTokens: { colors: { fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } } } } },
});

/**
 * Solid fills (a solid button, badge or toggle) that carry white text at 4.5:1 (WCAG AA text
 * contrast): Chakra's green, orange, teal and cyan 600 are 3.3–3.7:1 with white ('Mark as mastered'
 * on a client's goal); their 700 is 5–7:1. The other palettes' solids already pass.
 */
const solidFills = defineConfig({
  theme: {
    semanticTokens: {
      colors: Object.fromEntries(
        (['green', 'orange', 'teal', 'cyan'] as const).map((palette) => [palette, { solid: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.700}` } } }]),
      ),
    },
  },
});

/**
 * Focus rings at 3:1 or more against white and the gray.50 page (WCAG 2.2 non-text contrast): every
 * palette's ring is its 700 shade. Chakra's defaults (gray.400, green.500, orange.500...) are 2.2–2.8:1.
 */
const ringPalettes = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
const focusRings = defineConfig({
  theme: {
    semanticTokens: {
      colors: Object.fromEntries(
        ringPalettes.map((palette) => [palette, { focusRing: { value: { _light: `{colors.${palette}.700}`, _dark: `{colors.${palette}.300}` } } }]),
      ),
    },
  },
});

export const system = createSystem(defaultBaseConfig, appConfig, accessibleColors, solidFills, focusRings);
