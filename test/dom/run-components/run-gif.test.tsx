import { fireEvent, render, screen } from '@testing-library/react';
import { RunGif } from '../../../src/components/run-gif';
import { expectNoAxeViolations } from '../axe';

const GIF = 'https://cdn.example.com/recordings/run-1.gif';

describe('RunGif', () => {
  it.each([
    [undefined, 'Loading the recording…', 'loading'],
    [{ status: 'pending', url: '' }, 'The recording is being prepared…', 'pending'],
    [{ status: 'rendering', url: '' }, 'Recording status: rendering', 'pending'],
    [{ status: 'failed', url: '' }, 'No recording is available (failed).', 'failed'],
  ])('shows %j in words until it is completed', (gif, text, state) => {
    const { container } = render(<RunGif gif={gif} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('data-state', state);
    expect(container.querySelector('img, a')).toBeNull();
  });

  it('shows the image with its alt and a link once completed', async () => {
    const { container } = render(<RunGif gif={{ status: 'completed', url: GIF }} alt="The agent signing in" />);
    const image = screen.getByRole('img', { name: 'The agent signing in' });
    expect(image).toHaveAttribute('src', GIF);
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    const link = screen.getByRole('link', { name: 'Open the recording in a new tab' });
    expect(link).toHaveAttribute('href', GIF);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations(container);
  });

  it.each(['javascript:alert(1)', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'recordings/run-1.gif'])(
    'never puts %j in src or href',
    (url) => {
      const { container } = render(<RunGif gif={{ status: 'completed', url }} />);
      expect(container.querySelector('[src], [href]')).toBeNull();
      expect(screen.getByText('The recording cannot be shown: its address is not a web address.')).toBeInTheDocument();
    },
  );

  it('says so when the image does not load, and keeps the link', () => {
    render(<RunGif gif={{ status: 'completed', url: GIF }} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('The recording could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the recording in a new tab' })).toBeInTheDocument();
  });
});
