import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Icon, ServiceIcon, StatusIcon } from './icon';
import type { IconName } from './icon';

describe('Icon', () => {
  it('draws a named icon at 20 px with stroke width 2', () => {
    const { container } = render(<Icon name="dashboard" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg).toHaveAttribute('stroke-width', '2');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('warns about an unknown name and renders nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<Icon name={'rocket' as IconName} />);
    expect(container).toBeEmptyDOMElement();
    expect(warn).toHaveBeenCalledWith('Icon "rocket" not found');
  });

  it('does not warn for a known name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Icon name="bell" />);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives a labelled icon an accessible name', () => {
    const { getByRole } = render(<Icon name="alerts" label="Alerts" />);
    expect(getByRole('img', { name: 'Alerts' })).toBeInTheDocument();
  });
});

describe('ServiceIcon and StatusIcon', () => {
  it('draws service icons at 24 px and falls back to a gauge for an unknown type', () => {
    const { container: known } = render(<ServiceIcon type="air_quality" />);
    const { container: unknown } = render(<ServiceIcon type="parking" />);
    expect(known.querySelector('svg')).toHaveAttribute('width', '24');
    expect(known.querySelector('svg')).toHaveClass('lucide-wind');
    expect(unknown.querySelector('svg')).toHaveClass('lucide-gauge');
  });

  it('draws status icons at 16 px, spinning while loading', () => {
    const { container } = render(<StatusIcon status="loading" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '16');
    expect(svg).toHaveClass('animate-spin');
  });
});
