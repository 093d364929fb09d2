import { render } from 'preact';
import './styles.css';
import { App } from './ui/App';

const root = document.getElementById('app');
if (root) {
  // The boot placeholder is plain HTML, not Preact's: render() would keep it beside the app, so it goes first.
  root.replaceChildren();
  render(<App />, root);
}
