import {
  DEFAULT_THEME,
  colorsTuple,
  createTheme,
  type AlertProps,
  type AutocompleteProps,
  type FileInputProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MenuProps,
  type ModalProps,
  type MultiSelectProps,
  type NotificationProps,
  type SelectProps,
  type TagsInputProps,
} from '@mantine/core';
import type { CalendarProps } from '@mantine/dates';
import { deepen, readableAgainst, relativeLuminance } from './contrast.ts';

const { white, colors } = DEFAULT_THEME;

/**
 * What text is read against in the light scheme: the page, striped and hovered rows (grey 0–1),
 * a row under the pointer or chosen (blue 0–1) and a row in conflict (red 0).
 */
export const TEXT_SURFACES: readonly string[] = [white, colors.gray[0], colors.gray[1], colors.blue[0], colors.blue[1], colors.red[0]];

/**
 * One palette with its text shades made readable at WCAG AA. Mantine draws dimmed text, links,
 * coloured text, outlines and the fill under white text with shade 6 (grey 6 is 3.3:1 on white,
 * blue 6 3.6:1), hovers with 7, light badges and alerts with shade 9 on shade 1, and a coloured
 * menu item with shade 6 on shade 2 when it has focus. Shades 6–9 are deepened only as far as
 * needed to reach 4.5:1 on every surface and on the palette's own tints (shades 0–2), each at
 * least a tenth deeper than the one before so hovers still show. Shades 0–5, the tints and
 * borders, keep Mantine's look.
 */
export function readablePalette(shades: MantineColorsTuple): MantineColorsTuple {
  const out = [...shades];
  for (let i = 6; i <= 9; i++) {
    const against = [...TEXT_SURFACES, shades[0], shades[1], shades[2]];
    const readable = readableAgainst(shades[i], against);
    const deeperThanLast = deepen(out[i - 1], 0.1);
    out[i] = i === 6 || relativeLuminance(readable) < relativeLuminance(deeperThanLast) ? readable : deeperThanLast;
  }
  return colorsTuple(out);
}

// The dark palette serves the dark scheme only, where text is light: left as Mantine made it.
const readableColors = Object.fromEntries(
  Object.entries(colors).map(([name, shades]) => [name, name === 'dark' ? shades : readablePalette(shades)]),
);

const CLEAR = { 'aria-label': 'Clear' };

/**
 * A component's default props, set by the component's name without importing it: the theme comes
 * with the first download, each component only with the screens that use it (a date picker, a
 * dialog or a select never weighs on a passenger's first page).
 */
function defaults<Props>(defaultProps: Partial<Props>): MantineThemeComponent {
  return { defaultProps };
}

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  colors: readableColors,
  components: {
    // An open menu puts the keyboard on its first item (WAI-ARIA menu button pattern), not on a
    // hidden placeholder that a menu may not contain and a screen reader has nothing to say about.
    Menu: defaults<MenuProps>({ withInitialFocusPlaceholder: false }),
    // Every dialog: a named × button, and a header that is not a second page banner (the dialog's
    // <header> sits outside the page's landmarks, where it would count as one). The × is "Dismiss",
    // not "Close": many dialogs end with a Close button of their own, and two buttons of one name
    // in a dialog cannot be told apart by a screen reader user.
    Modal: defaults<ModalProps>({ closeButtonProps: { 'aria-label': 'Dismiss dialog' }, attributes: { header: { role: 'none' } } }),
    // Toasts and dismissable alerts: their × buttons have a name too.
    Notification: defaults<NotificationProps>({ closeButtonProps: { 'aria-label': 'Dismiss notification' } }),
    Alert: defaults<AlertProps>({ closeButtonLabel: 'Dismiss' }),
    // The × that clears a field is named, wherever a field is clearable.
    FileInput: defaults<FileInputProps>({ clearButtonProps: CLEAR }),
    Select: defaults<SelectProps>({ clearButtonProps: CLEAR }),
    MultiSelect: defaults<MultiSelectProps>({ clearButtonProps: CLEAR }),
    TagsInput: defaults<TagsInputProps>({ clearButtonProps: CLEAR }),
    Autocomplete: defaults<AutocompleteProps>({ clearButtonProps: CLEAR }),
    // Every date picker's calendar: named month and year arrows, and no days of the neighbouring
    // months, which Mantine fades to half-transparent grey (2:1).
    Calendar: defaults<CalendarProps>({
      hideOutsideDates: true,
      ariaLabels: {
        previousMonth: 'Previous month',
        nextMonth: 'Next month',
        previousYear: 'Previous year',
        nextYear: 'Next year',
        previousDecade: 'Previous decade',
        nextDecade: 'Next decade',
      },
    }),
  },
});
