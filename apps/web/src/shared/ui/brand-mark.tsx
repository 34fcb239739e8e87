import { useId } from 'react';

/** Two linked rings: people and agents working in tandem. */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  const gradient = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f6bff" />
          <stop offset="1" stopColor="#8a4fff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradient})`} />
      <circle cx="25" cy="32" r="11" fill="none" stroke="#fff" strokeWidth="5" />
      <circle cx="39" cy="32" r="11" fill="none" stroke="#fff" strokeOpacity=".75" strokeWidth="5" />
    </svg>
  );
}
