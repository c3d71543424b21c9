// SPDX-License-Identifier: Apache-2.0
// Masks, shadows, replicators and blend modes, each against an equivalent drawing or a computed pixel.

import Testing
import Zoetrope

@Suite struct CompositingTests {
  /// A 64 × 64 canvas over `background` holding `layers`, rendered at `time`.
  func render(_ layers: [Layer], background: Color = .white, time: Double = 0) -> RGBAImage {
    let canvas = Canvas(width: 64, height: 64, background: background)
    let root = Scene.makeRoot(for: canvas)
    for layer in layers { root.addSublayer(layer) }
    return Renderer(Scene(canvas: canvas, root: root)).frame(atTime: time)
  }

  func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    Array(image.pixels[(4 * (y * image.width + x))..<(4 * (y * image.width + x) + 4)])
  }

  /// Whether two frames are byte-identical; records how many pixels differ when not.
  func same(_ a: RGBAImage, _ b: RGBAImage, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    guard a != b else { return true }
    let differing = stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4).filter {
      a.pixels[$0..<($0 + 4)] != b.pixels[$0..<($0 + 4)]
    }
    Issue.record("\(differing.count) pixels differ, first at \(differing.first.map { ($0 / 4 % a.width, $0 / 4 / a.width) } as Any)",
                 sourceLocation: sourceLocation)
    return false
  }

  func layer(_ frame: Rect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
  }

  func disc(_ rect: Rect, color: Color = .black) -> ShapeLayer {
    let shape = ShapeLayer()
    shape.frame = rect
    shape.path = .ellipse(in: Rect(x: 0.3, y: 0.7, width: rect.size.width - 1.1, height: rect.size.height - 0.9))
    shape.fillColor = color
    return shape
  }

  // MARK: mask

  @Test func anOpaqueLayerMaskedByAShapeIsTheShapeInTheLayersColour() {
    // Coverage × coverage: the layer covers every pixel fully, so the masked
    // result is exactly the mask's own anti-aliased coverage.
    let red = Color(red: 0.9, green: 0.1, blue: 0.2, alpha: 1)
    let host = layer(Rect(x: 8.5, y: 6.25, width: 48, height: 50), red)
    host.mask = disc(Rect(x: 3, y: 4.5, width: 40, height: 37), color: Color(red: 0, green: 1, blue: 0, alpha: 1))
    let expected = disc(Rect(x: 11.5, y: 10.75, width: 40, height: 37), color: red)
    #expect(same(render([host]), render([expected])))
  }

  @Test func theMasksColourIsIgnoredAndItsAlphaCounts() {
    func masked(_ color: Color, opacity: Double) -> RGBAImage {
      let host = layer(Rect(x: 8, y: 8, width: 48, height: 48), Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
      let mask = layer(Rect(x: 0, y: 0, width: 24, height: 48), color)
      mask.opacity = opacity
      host.mask = mask
      return render([host])
    }
    #expect(same(masked(.black, opacity: 1), masked(Color(red: 1, green: 0.5, blue: 0, alpha: 1), opacity: 1)))
    let half = masked(.black, opacity: 0.5)
    #expect(pixel(half, 50, 30) == [255, 255, 255, 255], "outside the mask: nothing")
    let inside = pixel(half, 20, 30)
    #expect(abs(Int(inside[0]) - 153) <= 1 && abs(Int(inside[2]) - 229) <= 1, "half the layer over white: \(inside)")
  }

  @Test func aMaskMultipliesTheWholeCompositedResultWithSublayersAndBorder() {
    let host = layer(Rect(x: 8, y: 8, width: 48, height: 48), Color(red: 0, green: 0, blue: 1, alpha: 1))
    host.borderWidth = 4
    host.borderColor = .black
    let child = layer(Rect(x: -8, y: 20, width: 64, height: 8), Color(red: 1, green: 0, blue: 0, alpha: 1))
    host.addSublayer(child)
    host.mask = layer(Rect(x: 0, y: 0, width: 48, height: 24), .black)
    let image = render([host])
    #expect(pixel(image, 30, 10) == [0, 0, 0, 255], "border, inside the mask")
    #expect(pixel(image, 30, 20) == [0, 0, 255, 255], "background, inside the mask")
    #expect(pixel(image, 30, 29) == [255, 0, 0, 255], "the sublayer, inside the mask")
    #expect(pixel(image, 30, 34) == [255, 255, 255, 255], "the sublayer, below the mask: not there")
    #expect(pixel(image, 30, 40) == [255, 255, 255, 255], "below the mask: nothing")
    #expect(pixel(image, 4, 30) == [255, 255, 255, 255], "the sublayer outside the mask")
    let stripe = layer(Rect(x: 8, y: 8, width: 48, height: 48), .black)
    stripe.mask = layer(Rect(x: 0, y: 20, width: 48, height: 4), .black)
    let child2 = layer(Rect(x: -8, y: 20, width: 64, height: 8), Color(red: 1, green: 0, blue: 0, alpha: 1))
    stripe.addSublayer(child2)
    #expect(pixel(render([stripe]), 30, 30) == [255, 0, 0, 255], "the sublayer shows where the mask lets it")
  }

  @Test func aMaskWhoseLayerIsHiddenOrEmptyHidesTheLayer() {
    let host = layer(Rect(x: 8, y: 8, width: 48, height: 48), .black)
    let mask = layer(Rect(x: 0, y: 0, width: 48, height: 48), .black)
    mask.isHidden = true
    host.mask = mask
    #expect(same(render([host]), render([])))
  }

  @Test func nestedMasksMultiply() {
    // A mask's sublayer with its own mask: the intersection of the two.
    let host = layer(Rect(x: 0, y: 0, width: 64, height: 64), .black)
    let outer = Layer()
    outer.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let inner = layer(Rect(x: 0, y: 0, width: 32, height: 64), .black)
    inner.mask = layer(Rect(x: 0, y: 16, width: 64, height: 16), .black)
    outer.addSublayer(inner)
    host.mask = outer
    let image = render([host])
    #expect(pixel(image, 10, 20) == [0, 0, 0, 255])
    #expect(pixel(image, 40, 20) == [255, 255, 255, 255])
    #expect(pixel(image, 10, 40) == [255, 255, 255, 255])
  }

  @Test func aMasksOwnMaskIsIgnored() {
    let plain = layer(Rect(x: 8, y: 8, width: 48, height: 48), .black)
    plain.mask = layer(Rect(x: 0, y: 0, width: 24, height: 48), .black)
    let withMaskOfMask = layer(Rect(x: 8, y: 8, width: 48, height: 48), .black)
    let mask = layer(Rect(x: 0, y: 0, width: 24, height: 48), .black)
    mask.mask = layer(Rect(x: 0, y: 0, width: 2, height: 2), .black)
    withMaskOfMask.mask = mask
    #expect(same(render([plain]), render([withMaskOfMask])))
  }

  @Test func maskAnimationsRunInTheHostsTime() {
    let host = layer(Rect(x: 0, y: 0, width: 64, height: 64), .black)
    host.timing.speed = 2
    let mask = layer(Rect(x: 0, y: 0, width: 8, height: 64), .black)
    let slide = BasicAnimation(keyPath: "position.x")
    slide.fromValue = 4
    slide.toValue = 44
    slide.duration = 2
    mask.add(slide, forKey: "slide")
    host.mask = mask
    // At clip time 0.5 the host's time is 1: the mask is halfway, at x 24 (20…28).
    let image = render([host], time: 0.5)
    #expect(pixel(image, 24, 30) == [0, 0, 0, 255])
    #expect(pixel(image, 10, 30) == [255, 255, 255, 255])
    #expect(pixel(image, 40, 30) == [255, 255, 255, 255])
  }

  @Test func masksToBoundsAndMaskMultiply() {
    let host = layer(Rect(x: 8, y: 8, width: 48, height: 48), .white)
    host.masksToBounds = true
    let child = layer(Rect(x: -8, y: -8, width: 64, height: 64), .black)
    host.addSublayer(child)
    host.mask = layer(Rect(x: -8, y: -8, width: 32, height: 64), .black)
    let image = render([host], background: Color(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(pixel(image, 4, 30) == [255, 0, 0, 255], "inside the mask, outside the bounds")
    #expect(pixel(image, 12, 30) == [0, 0, 0, 255], "inside both")
    #expect(pixel(image, 40, 30) == [255, 0, 0, 255], "inside the bounds, outside the mask")
  }

  // MARK: shadow

  @Test func aShadowOfRadiusZeroIsTheOffsetShapeTinted() {
    let card = layer(Rect(x: 10.5, y: 12.25, width: 30, height: 24), Color(red: 0, green: 0.5, blue: 1, alpha: 1))
    card.cornerRadius = 6
    card.shadowOpacity = 0.75
    card.shadowRadius = 0
    card.shadowOffset = Size(width: 7.5, height: 9)
    card.shadowColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let shadow = layer(Rect(x: 18, y: 21.25, width: 30, height: 24), Color(red: 1, green: 0, blue: 0, alpha: 1))
    shadow.cornerRadius = 6
    shadow.opacity = 0.75
    let copy = layer(Rect(x: 10.5, y: 12.25, width: 30, height: 24), Color(red: 0, green: 0.5, blue: 1, alpha: 1))
    copy.cornerRadius = 6
    #expect(same(render([card]), render([shadow, copy])))
  }

  @Test func theDefaultShadowFallsThreePointsUpAsOnIOS() {
    let card = layer(Rect(x: 20, y: 20, width: 24, height: 24), .white)
    card.shadowOpacity = 1
    card.shadowRadius = 0
    let image = render([card], background: Color(red: 0, green: 1, blue: 0, alpha: 1))
    #expect(pixel(image, 30, 18) == [0, 0, 0, 255], "above the card: the shadow")
    #expect(pixel(image, 30, 45) == [0, 255, 0, 255], "below the card: none")
  }

  @Test func masksToBoundsHidesTheShadowOfAnOpaqueLayer() {
    let plain = layer(Rect(x: 16, y: 16, width: 32, height: 32), .black)
    plain.cornerRadius = 8
    plain.masksToBounds = true
    let shadowed = layer(Rect(x: 16, y: 16, width: 32, height: 32), .black)
    shadowed.cornerRadius = 8
    shadowed.masksToBounds = true
    shadowed.shadowOpacity = 1
    shadowed.shadowRadius = 5
    #expect(same(render([plain]), render([shadowed])))
  }

  @Test func aBlurredShadowIsSymmetricAndFadesWithDistance() {
    let card = layer(Rect(x: 22, y: 22, width: 20, height: 20), .white)
    card.shadowOpacity = 1
    card.shadowOffset = Size(width: 0, height: 0)
    card.shadowRadius = 4
    let image = render([card])
    let near = pixel(image, 20, 32), far = pixel(image, 12, 32), farther = pixel(image, 4, 32)
    #expect(near[0] < far[0] && far[0] < farther[0], "\(near) \(far) \(farther)")
    #expect(pixel(image, 20, 32) == pixel(image, 43, 32))
    #expect(pixel(image, 32, 20) == pixel(image, 32, 43))
  }

  @Test func aShadowPathGivesTheShadowItsShape() {
    let card = Layer()
    card.frame = Rect(x: 16, y: 16, width: 32, height: 32)
    card.shadowOpacity = 1
    card.shadowRadius = 0
    card.shadowOffset = .zero
    card.shadowPath = .rect(Rect(x: -8, y: -8, width: 8, height: 8))
    let image = render([card])
    #expect(pixel(image, 12, 12) == [0, 0, 0, 255])
    #expect(pixel(image, 30, 30) == [255, 255, 255, 255], "the layer itself draws nothing")
  }

  @Test func absurdShadowRadiiAreDrawnWithoutCrashing() {
    for radius in [1e9, .infinity, .nan, -5] {
      let card = layer(Rect(x: 16, y: 16, width: 32, height: 32), .white)
      card.shadowOpacity = 1
      card.shadowRadius = radius
      _ = render([card])
    }
  }

  // MARK: replicator

  @Test func replicatorCopiesAreTheSublayersTransformedAgainAndAgain() {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    replicator.instanceCount = 3
    replicator.instanceTransform = .translation(x: 20, y: 2, z: 0)
    replicator.addSublayer(layer(Rect(x: 4.5, y: 10, width: 10, height: 12), Color(red: 1, green: 0.5, blue: 0, alpha: 1)))
    let copies = (0..<3).map { k in
      layer(Rect(x: 4.5 + 20 * Double(k), y: 10 + 2 * Double(k), width: 10, height: 12), Color(red: 1, green: 0.5, blue: 0, alpha: 1))
    }
    #expect(same(render([replicator]), render(copies)))
  }

  @Test func instanceTransformTurnsAboutTheReplicatorsCentre() {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 12, y: 12, width: 40, height: 40)
    replicator.instanceCount = 4
    replicator.instanceTransform = .rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
    replicator.addSublayer(layer(Rect(x: 16, y: 0, width: 8, height: 8), .black))
    let image = render([replicator])
    for (x, y) in [(32, 16), (48, 32), (32, 48), (16, 32)] { #expect(pixel(image, x, y) == [0, 0, 0, 255], "(\(x), \(y))") }
    #expect(pixel(image, 32, 32) == [255, 255, 255, 255])
  }

  @Test func instanceColorAndOffsetsMultiplyEachCopyClamped() {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    replicator.instanceCount = 4
    replicator.instanceTransform = .translation(x: 16, y: 0, z: 0)
    replicator.instanceColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
    replicator.instanceRedOffset = -0.5
    replicator.instanceAlphaOffset = -0.25
    replicator.addSublayer(layer(Rect(x: 0, y: 0, width: 16, height: 16), .white))
    let image = render([replicator], background: .black)
    // Copy k: red × max(1 − 0.5k, 0), alpha 1 − 0.25k, over black.
    #expect(pixel(image, 8, 8) == [255, 255, 255, 255])
    #expect(pixel(image, 24, 8) == [96, 191, 191, 255])
    #expect(pixel(image, 40, 8) == [0, 128, 128, 255])
    #expect(pixel(image, 56, 8) == [0, 64, 64, 255])
  }

  @Test func eachCopySeesItsOwnDelayedTime() {
    let replicator = ReplicatorLayer()
    replicator.instanceCount = 3
    replicator.instanceDelay = 0.25
    let dot = Layer()
    let fade = BasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = 1
    dot.add(fade, forKey: "fade")
    replicator.addSublayer(dot)
    let root = Layer()
    root.addSublayer(replicator)
    let tree = PresentationEvaluator(LayerTree(root: root)).presentation(atTime: 0.75)
    let copies = tree.copies(of: 1)
    #expect(copies.map(\.copy) == [0, 1, 2])
    let opacities = copies.map { tree.layers[$0.sublayers[0]].properties.opacity }
    #expect(opacities.enumerated().allSatisfy { abs($1 - [0.75, 0.5, 0.25][$0]) < 1e-12 }, "\(opacities)")
    #expect(tree.copyPath(of: copies[2].sublayers[0]) == [2])
  }

  @Test func aReplicatorWithNoCopiesDrawsNoSublayers() {
    let replicator = ReplicatorLayer()
    replicator.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    replicator.instanceCount = 0
    replicator.addSublayer(layer(Rect(x: 0, y: 0, width: 16, height: 16), .black))
    #expect(same(render([replicator]), render([])))
  }

  @Test func hugeInstanceCountsStopAtTheBudget() {
    let replicator = ReplicatorLayer()
    replicator.instanceCount = 10_000_000
    replicator.addSublayer(layer(Rect(x: 0, y: 0, width: 1, height: 1), .black))
    let root = Layer()
    root.addSublayer(replicator)
    let tree = PresentationEvaluator(LayerTree(root: root)).presentation(atTime: 0)
    #expect(tree.layers.count == 3 + PresentationEvaluator.maximumReplicatedLayers)
  }

  // MARK: blend modes

  @Test func multiplyBlendsTheLayerWithWhatIsBelow() {
    let below = layer(Rect(x: 0, y: 0, width: 64, height: 64), Color(red: 0.5, green: 1, blue: 0.25, alpha: 1))
    let top = layer(Rect(x: 16, y: 16, width: 32, height: 32), Color(red: 0.5, green: 0.5, blue: 1, alpha: 1))
    top.compositingFilter = .multiply
    let image = render([below, top])
    // 128 × 128 / 255 = 64, 255 × 128 / 255 = 128, 64 × 255 / 255 = 64.
    #expect(pixel(image, 32, 32) == [64, 128, 64, 255])
    #expect(pixel(image, 8, 8) == [128, 255, 64, 255])
  }

  @Test func aBlendModeInsideAnOpacityGroupBlendsWithinTheGroup() {
    // The group (translucent, with sublayers) is isolated: the difference
    // blends with the group's own content, not with the canvas.
    let group = Layer()
    group.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    group.opacity = 0.5
    group.addSublayer(layer(Rect(x: 0, y: 0, width: 32, height: 64), .white))
    let top = layer(Rect(x: 16, y: 0, width: 32, height: 64), .white)
    top.compositingFilter = .difference
    group.addSublayer(top)
    let image = render([group], background: Color(red: 0, green: 0, blue: 1, alpha: 1))
    #expect(pixel(image, 24, 8) == [0, 0, 127, 255], "white − white = black, at half opacity over blue")
    #expect(pixel(image, 40, 8) == [128, 128, 255, 255], "white over nothing in the group")
  }
}
