import './converted-figure.css'

/** A growth figure's other reading, on a line under it: "≈ +60% over 2020–25". */
export function OtherReading(props: { text: string | undefined }) {
  return props.text ? (
    <span className="other-reading" data-testid="other-reading">
      {props.text}
    </span>
  ) : null
}
