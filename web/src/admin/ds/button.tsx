// Buttons, and links that look like them (the shadcn/ui manner: variants as Tailwind classes over
// the design tokens, the element the caller's).
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const BASE =
  'inline-flex items-center justify-center gap-1.5 rounded-ds-sm border font-semibold no-underline whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 disabled:cursor-default cursor-pointer';
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-fg border-primary hover:bg-primary-hover hover:text-primary-fg',
  secondary: 'bg-surface text-fg border-border-strong hover:bg-surface-muted hover:text-fg shadow-ds',
  ghost: 'bg-transparent text-fg border-transparent shadow-none hover:bg-surface-muted',
  danger: 'bg-surface text-danger border-border-strong hover:bg-danger-soft',
};
const SIZES: Record<ButtonSize, string> = { sm: 'min-h-8 px-2.5 text-sm', md: 'min-h-9 px-3.5 text-[0.95rem]' };

/** The classes of a button of this variant and size (for links shown as buttons too). */
export const buttonClass = (variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', extra?: string): string =>
  cn(BASE, VARIANTS[variant], SIZES[size], extra);

export function Button({
  variant = 'secondary',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
