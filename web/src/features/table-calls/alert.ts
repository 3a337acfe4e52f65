/**
 * The new-call alert: a short beep (WebAudio may only start after a user gesture, hence the
 * "Turn on sound" toggle, whose tap creates the audio context) and a vibration where phones have it.
 */
let audio: AudioContext | undefined;

/** Called from the toggle's tap: creates (or resumes) the audio context while the gesture lasts. */
export function unlockSound(): void {
  audio ??= new AudioContext();
  void audio.resume();
}

export function beep(): void {
  if (!audio || audio.state !== "running") return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.3);
}

export function vibrate(): void {
  if (typeof navigator.vibrate === "function") navigator.vibrate([200, 100, 200]);
}
