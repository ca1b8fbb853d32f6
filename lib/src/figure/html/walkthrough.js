// flipgame's walkthrough page: each strip of boards shown a frame at a time (previous, next,
// play). Without the script every frame is shown, one under another.
'use strict';

(function () {
  /** The walkthrough page: each strip of boards shown one frame at a time. */
  function walkthroughPage(app) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    for (const film of app.querySelectorAll('.film')) {
      const frames = Array.from(film.querySelectorAll('.frame'));
      const controls = film.querySelector('.controls');
      const output = controls.querySelector('output');
      const play = controls.querySelector('[data-step="play"]');
      let shown = 0;
      let timer = null;
      const show = (index) => {
        shown = Math.max(0, Math.min(frames.length - 1, index));
        frames.forEach((frame, at) => {
          frame.hidden = at !== shown;
        });
        output.textContent = `Board ${shown + 1} of ${frames.length}`;
        film.dataset.shown = String(shown);
      };
      const stop = () => {
        clearInterval(timer);
        timer = null;
        play.textContent = 'Play';
      };
      controls.addEventListener('click', (event) => {
        const step = event.target.dataset.step;
        if (step === undefined) {
          return;
        }
        if (step !== 'play') {
          stop();
          show(shown + Number(step));
        } else if (timer !== null) {
          stop();
        } else {
          if (shown === frames.length - 1) {
            show(0);
          }
          play.textContent = 'Pause';
          timer = setInterval(() => {
            show(shown + 1);
            if (shown === frames.length - 1) {
              stop();
            }
          }, still ? 2000 : 900);
        }
      });
      controls.hidden = false;
      film.classList.add('stepping');
      show(0);
    }
  }

  walkthroughPage(document.getElementById('app'));
})();
