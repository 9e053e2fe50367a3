import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH, passwordChecklist } from '@tripline/core';

/** DECISIONS 3: the five displayed rules tick as the user types; 3 of the 4 kinds is what is required. */
export function PasswordChecklist({ password }: { password: string }) {
  const rules = passwordChecklist(password);
  return (
    <div>
      <List spacing={4} size="sm" center aria-label="Password rules" aria-live="polite">
        {rules.map((rule) => (
          <List.Item
            key={rule.key}
            data-met={rule.met}
            icon={
              <ThemeIcon color={rule.met ? 'teal' : 'gray'} variant={rule.met ? 'filled' : 'light'} size={18} radius="xl">
                {rule.met ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text span size="sm" c={rule.met ? undefined : 'dimmed'}>
              {rule.label}
              <VisuallyHidden>{rule.met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </Text>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={6}>
        Required: at least {PASSWORD_MIN_LENGTH} characters mixing at least {PASSWORD_MIN_CLASSES} of uppercase letters, lowercase
        letters, digits and other characters.
      </Text>
    </div>
  );
}
