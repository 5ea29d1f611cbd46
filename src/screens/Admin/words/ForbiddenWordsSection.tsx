export default function Section() {
  return null;
}
